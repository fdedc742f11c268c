import { headers } from 'next/headers';

/**
 * This request's script nonce. The Content-Security-Policy allows inline scripts only with it
 * (src/proxy.ts puts the policy on the request, where Next.js reads it too; the visitor page cache
 * swaps a kept page's nonce for each answer's own).
 */
export async function requestNonce(): Promise<string | undefined> {
  return /'nonce-([^']+)'/.exec((await headers()).get('content-security-policy') ?? '')?.[1];
}
