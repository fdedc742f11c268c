import { requestNonce } from '@/lib/http/request-nonce';
import { consentBootScript } from '@/lib/tracking/consent';

/**
 * Marks the page before its first paint when the reader has a consent cookie, so the banner the
 * server rendered for a first visit stays hidden for them (decision 0295).
 */
export async function ConsentBootScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own cookie name
  return <script nonce={await requestNonce()} dangerouslySetInnerHTML={{ __html: consentBootScript() }} />;
}
