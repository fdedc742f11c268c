import styles from './Viewer.module.css';

/** A text page: its paragraphs (separated by blank lines) as prose, in the reader's typeface and size. */
export function TextPage({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter((paragraph) => paragraph.length > 0)
        .map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their fixed order
          <p key={i}>{paragraph}</p>
        ))}
    </div>
  );
}
