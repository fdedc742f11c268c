'use client';

import { type AdminFaq, AdminFaqCategory, AdminFaqEntry, FaqCategoryInput, FaqEntryInput } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { SanitizedHtml } from '@/components/editor/SanitizedHtml';
import { RichTextEditor } from '@/components/RichTextEditor';
import { ErrorText } from '@/components/ui/ErrorText';
import { FormFooter, SuccessStatus } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { useAdminAction } from '@/components/ui/useAdminAction';
import { saveAdmin } from '@/lib/client-api';
import { DeleteButton } from './DeleteButton';
import styles from './Support.module.css';

type Category = AdminFaq['categories'][number];
type Entry = Category['entries'][number];
/** The next position after the last one, leaving room to put something between. */
const after = (items: readonly { position: number }[]) => Math.max(0, ...items.map((i) => i.position)) + 10;

/** The FAQ screen: categories (with their order), their entries, and the forms to change them. */
export function FaqManager({ categories }: { categories: readonly Category[] }) {
  const t = useTranslations('Support');
  return (
    <>
      {categories.length === 0 ? <p>{t('faq.empty')}</p> : null}
      {categories.map((category) => (
        <details key={category.id} className={styles.item}>
          <summary>
            <span className={styles.title}>{category.name}</span>
            <span className={ui.muted}>{t('faq.entryCount', { count: category.entries.length })}</span>
          </summary>
          <div className={styles.body}>
            <CategoryForm category={category} position={category.position} />
            {category.entries.map((entry) => (
              <details key={entry.id} className={styles.item}>
                <summary>
                  <span>{entry.question}</span>
                </summary>
                <div className={styles.body}>
                  <EntryForm entry={entry} categoryId={category.id} position={entry.position} choices={categories} />
                  <div>
                    <DeleteButton path={`faq/entries/${entry.id}`} name={entry.question} />
                  </div>
                </div>
              </details>
            ))}
          </div>
        </details>
      ))}
      <h3>{t('faq.newCategory')}</h3>
      <CategoryForm category={null} position={after(categories)} />
      <h3>{t('faq.newEntry')}</h3>
      {categories.length === 0 ? (
        <p>{t('faq.needCategory')}</p>
      ) : (
        <EntryForm
          entry={null}
          categoryId={categories[0]?.id ?? 0}
          position={after(categories[0]?.entries ?? [])}
          choices={categories}
        />
      )}
    </>
  );
}

interface CategoryFormProps {
  category: Category | null;
  position: number;
}

/** Adds a category, or renames and moves one (lower positions first); an empty one can be deleted. */
function CategoryForm({ category, position }: CategoryFormProps) {
  const t = useTranslations('Support');
  const router = useRouter();
  const { busy, error, done, run, setError } = useAdminAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = FaqCategoryInput.safeParse({ name: form.get('name'), position: Number(form.get('position')) });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      await saveAdmin(category && `faq/categories/${category.id}`, 'faq/categories', AdminFaqCategory, input.data);
      if (!category) formElement.reset();
      router.refresh();
    });
  }

  return (
    <form className={ui.form} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('faq.categoryName')}</span>
          <input name="name" defaultValue={category?.name ?? ''} required maxLength={100} />
        </label>
        <label className={ui.field}>
          <span>{t('faq.position')}</span>
          <input name="position" type="number" min={0} max={10000} defaultValue={position} inputMode="numeric" />
        </label>
        <button type="submit" className={ui.button} disabled={busy}>
          {category ? t('save') : t('faq.addCategory')}
        </button>
        {category && category.entries.length === 0 ? (
          <DeleteButton path={`faq/categories/${category.id}`} name={category.name} />
        ) : null}
      </div>
      <small className={ui.hint}>{t('faq.positionHint')}</small>
      <ErrorText code={error} />
      {done ? <SuccessStatus message={t('saved')} /> : null}
    </form>
  );
}

interface EntryFormProps {
  entry: Entry | null;
  categoryId: number;
  position: number;
  choices: readonly Category[];
}

/** Adds or replaces a question and its rich-text answer; shows the answer as stored (sanitised). */
function EntryForm({ entry, categoryId, position, choices }: EntryFormProps) {
  const t = useTranslations('Support');
  const router = useRouter();
  const [answer, setAnswer] = useState(entry?.answer ?? '');
  const { busy, error, run, setError } = useAdminAction();
  const [saved, setSaved] = useState<AdminFaqEntry | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = FaqEntryInput.safeParse({
      categoryId: Number(form.get('categoryId')),
      question: form.get('question'),
      answer,
      position: Number(form.get('position')),
    });
    if (!input.success) {
      setError('INVALID_PARAMETER');
      return;
    }
    await run(async () => {
      const result = await saveAdmin(entry && `faq/entries/${entry.id}`, 'faq/entries', AdminFaqEntry, input.data);
      setSaved(result);
      if (!entry) {
        formElement.reset();
        setAnswer('');
        setEditorKey((key) => key + 1);
      }
      router.refresh();
    });
  }

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <div className={ui.row}>
        <label className={ui.field}>
          <span>{t('faq.category')}</span>
          <select name="categoryId" defaultValue={categoryId}>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span>{t('faq.position')}</span>
          <input name="position" type="number" min={0} max={10000} defaultValue={position} inputMode="numeric" />
        </label>
      </div>
      <label className={ui.field}>
        <span>{t('faq.question')}</span>
        <input name="question" defaultValue={entry?.question ?? ''} required maxLength={300} />
      </label>
      <RichTextEditor key={editorKey} label={t('faq.answer')} initialHtml={entry?.answer ?? ''} onChange={setAnswer} />
      <FormFooter
        error={error}
        label={entry ? t('save') : t('faq.addEntry')}
        disabled={busy}
        success={saved ? t('saved') : null}
        successDetails={saved ? <SanitizedHtml html={saved.answer} label={t('sanitised')} /> : null}
        successLast
      />
    </form>
  );
}
