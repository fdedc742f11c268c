import { requestNonce } from '@/lib/http/request-nonce';
import { settingsBootScript } from '@/lib/viewer/settings';

/** The inline script that applies the stored viewer settings before the first paint. */
export async function SettingsBootScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script built from our own settings lists
  return <script nonce={await requestNonce()} dangerouslySetInnerHTML={{ __html: settingsBootScript() }} />;
}
