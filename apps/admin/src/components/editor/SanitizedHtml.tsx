import styles from './RichTextEditor.module.css';

/**
 * HTML the api stored after sanitising it to spec §9's allowlist (notices, FAQ answers, policies),
 * shown as readers will see it. Only ever given the api's answer, never the editor's own text.
 */
export function SanitizedHtml({ html, label }: { html: string; label: string }) {
  return (
    <section className={styles.preview} aria-label={label}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the api's sanitised output (support/html.ts) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
