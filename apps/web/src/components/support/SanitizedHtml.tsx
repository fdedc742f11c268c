import styles from './Support.module.css';

/**
 * A notice body, FAQ answer or policy text: admin HTML that the api sanitised to the spec §9
 * allowlist (span, br, a, div; style on span, div and a; href on a; no javascript: links) with
 * sanitize-html before storing it (decision 0180). This is the only place the web renders HTML it
 * did not write, and it renders nothing else this way: every other text is rendered as text.
 */
export function SanitizedHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className={styles.html}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by the api (modules/support/html.ts) before it was stored
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
