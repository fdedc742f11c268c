import { headers } from 'next/headers';
import { settingsBootScript } from '@/lib/viewer/settings';

/**
 * The inline script that applies the stored viewer settings before the first paint. The
 * Content-Security-Policy allows inline scripts only with the request's nonce (src/proxy.ts puts
 * the policy on the request, where Next.js reads it too).
 */
export async function SettingsBootScript() {
  const nonce = /'nonce-([^']+)'/.exec((await headers()).get('content-security-policy') ?? '')?.[1];
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own settings lists
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: settingsBootScript() }} />;
}
