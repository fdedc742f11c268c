import { createHmac } from 'node:crypto';
import { AppError, SocialProvider } from '@balcony/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

// The signup ticket carries a provider identity from /callback to /signup (10 minutes), so the
// web never sends identity claims of its own. It is an HS256 JWT under a key derived from the
// auth secret: an access token cannot pass for a ticket, nor a ticket for an access token.

export const SIGNUP_TICKET_TTL_SECONDS = 10 * 60;
const ISSUER = 'balcony-api';
const AUDIENCE = 'social-signup';

export interface SignupIdentity {
  brandId: string;
  provider: SocialProvider;
  subject: string;
  email: string | null;
  name: string | null;
}

const Claims = z.object({
  brand: z.string(),
  provider: SocialProvider,
  sub: z.string().min(1),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

function ticketKey(secret: Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update('social-signup-ticket').digest();
}

export async function signSignupTicket(secret: Uint8Array, identity: SignupIdentity, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    brand: identity.brandId,
    provider: identity.provider,
    email: identity.email,
    name: identity.name,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'social-signup+jwt' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(identity.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SIGNUP_TICKET_TTL_SECONDS)
    .sign(ticketKey(secret));
}

/** The identity in a ticket of this brand. Expired → TIMEOUT; forged, altered or another brand's → INVALID_PARAMETER. */
export async function verifySignupTicket(
  secret: Uint8Array,
  ticket: string,
  brandId: string,
  now: Date,
): Promise<SignupIdentity> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(ticket, ticketKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      typ: 'social-signup+jwt',
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TIMEOUT');
    throw new AppError('INVALID_PARAMETER');
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success || claims.data.brand !== brandId) throw new AppError('INVALID_PARAMETER');
  const { brand, provider, sub, email, name } = claims.data;
  return { brandId: brand, provider, subject: sub, email, name };
}
