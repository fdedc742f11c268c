import { PolicyDocument, PolicyKind } from '@balcony/contracts';
import { SanitizedHtml } from '@/components/editor/SanitizedHtml';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { ApiError, api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { PolicyForm } from './PolicyForm';
import styles from './Support.module.css';

async function policyOf(kind: PolicyKind): Promise<PolicyDocument | null> {
  try {
    return await api(`/policies/${kind}`, PolicyDocument);
  } catch (error) {
    // A brand without a published version yet.
    if (error instanceof ApiError && error.code === 'NOT_EXIST') return null;
    throw error;
  }
}

/** The terms and privacy policy: the version in force, every version, and the next one to publish. */
export async function PoliciesTab() {
  const { brand, locale } = await getConsole();
  const t = await getT('Support');
  const documents = await Promise.all(PolicyKind.options.map(async (kind) => [kind, await policyOf(kind)] as const));
  return (
    <section aria-labelledby="policies-title">
      <h2 id="policies-title">{t('policies.title')}</h2>
      {documents.map(([kind, document]) => (
        <details key={kind} className={styles.item}>
          <summary>
            <span className={styles.title}>{t(`policies.kinds.${kind}`)}</span>
            <span className={ui.muted}>
              {document
                ? t('policies.current', { version: document.version, title: document.title })
                : t('policies.none')}
            </span>
          </summary>
          {document ? (
            <div className={styles.body}>
              <ul>
                {document.versions.map((version) => (
                  <li key={version.version}>
                    {t('policies.version', {
                      version: version.version,
                      title: version.title,
                      when: formatInstant(version.inForceAt, locale, brand.timeZone),
                    })}{' '}
                    <span className={ui.badge}>{t(`policies.status.${version.status}`)}</span>
                  </li>
                ))}
              </ul>
              <SanitizedHtml html={document.body} label={t('policies.inForceText')} />
            </div>
          ) : null}
        </details>
      ))}
      <h3>{t('policies.publishTitle')}</h3>
      <PolicyForm timeZone={brand.timeZone} />
    </section>
  );
}
