'use client';

import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId } from 'react';
import { useTranslations } from 'use-intl';
import styles from './editor/RichTextEditor.module.css';
import { isAllowedHref, RICH_TEXT_EXTENSIONS } from './editor/rich-text-schema';

interface Props {
  /** The visible label of the field. */
  label: string;
  /** The HTML to start from (a stored, sanitised text). */
  initialHtml?: string;
  /** Called with the editor's HTML (allowlist only) on every change; '' when empty. */
  onChange: (html: string) => void;
}

const MARKS = ['bold', 'italic', 'underline', 'strike'] as const;

/**
 * The console's rich-text field (notices, FAQ answers, policies): bold, italic, underline,
 * strike, links and line breaks, written only as the HTML spec §9 allows (rich-text-schema.ts).
 */
export function RichTextEditor({ label, initialHtml = '', onChange }: Props) {
  const t = useTranslations('Editor');
  const labelId = useId();
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: initialHtml,
    // Rendered on the client only: the server has no editor, and a mismatch would break hydration.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      strike: current?.isActive('strike') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  function editLink() {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!isAllowedHref(href.trim())) {
      window.alert(t('linkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div className={styles.editor}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
        {MARKS.map((mark) => (
          <button
            key={mark}
            type="button"
            aria-pressed={active?.[mark] ?? false}
            disabled={!editor}
            onClick={() => editor?.chain().focus().toggleMark(mark).run()}
          >
            {t(mark)}
          </button>
        ))}
        <button type="button" aria-pressed={active?.link ?? false} disabled={!editor} onClick={editLink}>
          {t('link')}
        </button>
        <button type="button" disabled={!editor} onClick={() => editor?.chain().focus().setHardBreak().run()}>
          {t('lineBreak')}
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
