/** Where the console's server reaches the api; read per call so a start-time API_URL is honoured. */
export function apiBaseUrl(): string {
  return process.env.API_URL ?? 'http://127.0.0.1:4000';
}
