import styles from './Viewer.module.css';

/** A text episode: each page's paragraphs (separated by blank lines) as prose. */
export function TextPages({ pages }: { pages: readonly { index: number; text: string }[] }) {
  return (
    <div className={styles.text}>
      {pages.map((page) => (
        <section key={page.index}>
          {page.text
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter((paragraph) => paragraph.length > 0)
            .map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their fixed order
              <p key={i}>{paragraph}</p>
            ))}
        </section>
      ))}
    </div>
  );
}
