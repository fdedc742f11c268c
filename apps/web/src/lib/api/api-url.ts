/** Where the web's server reaches the api (README "Environment"); read per call so `next start` honours it. */
export function apiBaseUrl(): string {
  return process.env.API_URL ?? 'http://127.0.0.1:4000';
}
