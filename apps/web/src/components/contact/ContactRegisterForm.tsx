'use client';

import { ContactCategory, type ContactForm } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import formStyles from '@/components/ui/Form.module.css';
import { useErrorText } from '@/components/ui/useErrorText';
import {
  CONTACT_ACCEPT,
  CONTACT_CONTENT_MAX,
  CONTACT_MAX_IMAGES,
  CONTACT_PATH,
  CONTACT_REGISTER_PATH,
  CONTACT_TITLE_MAX,
  formProblem,
  type ImageProblem,
  imagesProblem,
  MAX_IMAGE_MB,
} from '@/lib/contact/contact';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Contact.module.css';

interface Chosen {
  file: File;
  /** An object URL for the preview, revoked when the image is removed or the form leaves. */
  url: string;
}

type Field = 'category' | 'title' | 'content';

/**
 * The form of /qna/register (spec §3 category, title, content, up to 3 images; §5 at most 3 MB
 * each). Fields and images are checked here before anything is uploaded; the api checks them
 * again, and the image bytes. After sending, the member lands on /qna with the request open.
 */
export function ContactRegisterForm() {
  const t = useTranslations('Contact');
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [category, setCategory] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Chosen[]>([]);
  const [fieldError, setFieldError] = useState<Field | null>(null);
  const [imageError, setImageError] = useState<ImageProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refs: Record<Field, RefObject<HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement | null>> = {
    category: useRef<HTMLSelectElement>(null),
    title: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
  };
  const fileRef = useRef<HTMLInputElement>(null);

  // Previews live as long as the form.
  const imagesRef = useRef<Chosen[]>([]);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  function choose(list: FileList | null) {
    const added = Array.from(list ?? []);
    if (fileRef.current) fileRef.current.value = '';
    if (added.length === 0) return;
    const problem = imagesProblem([...images.map((i) => i.file), ...added]);
    setImageError(problem);
    if (problem) return;
    setImages([...images, ...added.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  function remove(index: number) {
    const gone = images[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setImages(images.filter((_, i) => i !== index));
    setImageError(null);
  }

  async function submit() {
    if (pending) return;
    setFailure(null);
    const fields = { category, title, content };
    const wrong = formProblem(fields);
    setFieldError(wrong);
    if (wrong) {
      refs[wrong].current?.focus();
      return;
    }
    const problem = imagesProblem(images.map((i) => i.file));
    setImageError(problem);
    if (problem) {
      fileRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const { fileContactRequest } = await import('./contact-calls');
      const filed = await fileContactRequest(
        fields as ContactForm,
        images.map((i) => i.file),
      );
      router.push(`${CONTACT_PATH}?filed=${filed.id}`);
    } catch (error) {
      const code = frontErrorCode(error);
      if (needsLogin(code)) {
        router.push(routes.login(CONTACT_REGISTER_PATH));
        return;
      }
      setFailure(code);
      setPending(false);
    }
  }

  const described = (field: Field, hint?: string) =>
    [hint, fieldError === field ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldErrorText = (field: Field) =>
    fieldError === field ? (
      <p id={`${id}-${field}-error`} className={formStyles.fieldError} data-testid={`contact-${field}-error`}>
        {t(`errors.${field}`)}
      </p>
    ) : null;

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="contact-form"
    >
      <div className={formStyles.field}>
        <label htmlFor={`${id}-category`} className={formStyles.label}>
          {t('category')}
        </label>
        <select
          id={`${id}-category`}
          ref={refs.category as RefObject<HTMLSelectElement>}
          className={formStyles.select}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          required
          aria-invalid={fieldError === 'category' || undefined}
          aria-describedby={described('category')}
          data-testid="contact-category"
        >
          <option value="">{t('chooseCategory')}</option>
          {ContactCategory.options.map((value) => (
            <option key={value} value={value}>
              {t(`categories.${value}`)}
            </option>
          ))}
        </select>
        {fieldErrorText('category')}
      </div>

      <div className={formStyles.field}>
        <label htmlFor={`${id}-title`} className={formStyles.label}>
          {t('titleLabel')}
        </label>
        <input
          id={`${id}-title`}
          ref={refs.title as RefObject<HTMLInputElement>}
          className={formStyles.input}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={CONTACT_TITLE_MAX}
          required
          autoComplete="off"
          aria-invalid={fieldError === 'title' || undefined}
          aria-describedby={described('title', `${id}-title-count`)}
          data-testid="contact-title"
        />
        <p id={`${id}-title-count`} className={styles.counter} aria-live="polite">
          {t('counter', { count: title.length, max: CONTACT_TITLE_MAX })}
        </p>
        {fieldErrorText('title')}
      </div>

      <div className={formStyles.field}>
        <label htmlFor={`${id}-content`} className={formStyles.label}>
          {t('contentLabel')}
        </label>
        <textarea
          id={`${id}-content`}
          ref={refs.content as RefObject<HTMLTextAreaElement>}
          className={formStyles.textarea}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          maxLength={CONTACT_CONTENT_MAX}
          rows={8}
          required
          aria-invalid={fieldError === 'content' || undefined}
          aria-describedby={described('content', `${id}-content-count`)}
          data-testid="contact-content-input"
        />
        <p id={`${id}-content-count`} className={styles.counter}>
          {t('counter', { count: content.length, max: CONTACT_CONTENT_MAX })}
        </p>
        {fieldErrorText('content')}
      </div>

      <div className={formStyles.field}>
        <label htmlFor={`${id}-images`} className={formStyles.label}>
          {t('imagesLabel')}
        </label>
        <p id={`${id}-images-hint`} className={formStyles.hint}>
          {t('imagesHint', { count: CONTACT_MAX_IMAGES, size: MAX_IMAGE_MB })}
        </p>
        <input
          id={`${id}-images`}
          ref={fileRef}
          type="file"
          accept={CONTACT_ACCEPT}
          multiple
          className={styles.fileInput}
          onChange={(event) => choose(event.target.files)}
          disabled={pending}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={[`${id}-images-hint`, imageError ? `${id}-images-error` : null].filter(Boolean).join(' ')}
          data-testid="contact-images"
        />
        {imageError && (
          <p
            id={`${id}-images-error`}
            role="alert"
            className={formStyles.fieldError}
            data-testid="contact-images-error"
            data-problem={imageError}
          >
            {t(`imageErrors.${imageError}`, { count: CONTACT_MAX_IMAGES, size: MAX_IMAGE_MB })}
          </p>
        )}
        {images.length > 0 && (
          <ul className={styles.previews} aria-label={t('chosenImages', { count: images.length })}>
            {images.map((image, index) => (
              <li key={image.url} className={styles.preview} data-testid="contact-preview">
                {/* biome-ignore lint/performance/noImgElement: a local preview (blob: URL) */}
                <img src={image.url} alt={t('previewAlt', { number: index + 1 })} />
                <span className={styles.previewName}>{image.file.name}</span>
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => remove(index)}
                  disabled={pending}
                  data-testid="contact-preview-remove"
                >
                  {t('removeImage', { number: index + 1 })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {failure && (
        <div role="alert" className={formStyles.error} data-testid="contact-error" data-code={failure}>
          <p>{errorText(failure)}</p>
        </div>
      )}
      <button
        type="submit"
        className={`button ${styles.submit}`}
        disabled={pending}
        aria-busy={pending || undefined}
        data-testid="contact-submit"
      >
        {pending ? t('sending') : t('send')}
      </button>
    </form>
  );
}
