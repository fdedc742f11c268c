// Cookies page scripts may write: answers that hold no secret (the adult popup's), never tokens.

/** A `document.cookie` assignment for a site-wide, SameSite=Lax cookie living `maxAgeSeconds`. */
export function cookieAssignment(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The value of a cookie in a `document.cookie` string, or undefined. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
