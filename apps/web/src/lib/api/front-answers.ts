import { AuthResponse, UserAuthResponse } from '@balcony/contracts';

// Answers of browser calls through the front proxy, which keeps every token out of what the
// browser gets (lib/session/front-proxy.ts). Every other call passes the contracts' own schema.

/** POST /auth/local/signup/verify once the proxy kept the token pair in the sealed session cookie. */
export const SignUpVerified = AuthResponse.omit({ accessToken: true, refreshToken: true });

/** PUT /user once the proxy kept the new token pair in the sealed session cookie. */
export const UserUpdated = UserAuthResponse.omit({ authResponse: true });
