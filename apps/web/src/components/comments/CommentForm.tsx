'use client';

import { COMMENT_MAX_LENGTH } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import formStyles from '@/components/ui/Form.module.css';
import { useErrorText } from '@/components/ui/useErrorText';
import { commentLength, commentProblem } from '@/lib/comments/comments';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Comments.module.css';

/**
 * The write form of an episode's comments (spec §5: 1–500 characters, no prohibited word; §6
 * login required). A visitor gets a login link back here instead. Length is checked at once; the
 * api checks the words, and its INVALID_PARAMETER on a comment of a good length means one of them.
 */
export function CommentForm({
  episodeId,
  loggedIn,
  returnPath,
}: {
  episodeId: number;
  loggedIn: boolean;
  returnPath: string;
}) {
  const t = useTranslations('Comments');
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [content, setContent] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!loggedIn) {
    return (
      <p className={styles.loginPrompt} data-testid="comment-login">
        {t('loginToWrite')}{' '}
        <Link href={routes.login(returnPath)} prefetch={false} className="button button-secondary">
          {t('login')}
        </Link>
      </p>
    );
  }

  const length = commentLength(content);
  const over = length > COMMENT_MAX_LENGTH;

  async function submit() {
    if (pending) return;
    setDone(false);
    const problem = commentProblem(content);
    if (problem) {
      setError(problem === 'empty' ? t('emptyText') : t('tooLong', { max: COMMENT_MAX_LENGTH }));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { writeComment } = await import('./comment-calls');
      await writeComment(episodeId, { content, spoiler });
      setContent('');
      setSpoiler(false);
      setDone(true);
      router.refresh();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(returnPath));
        return;
      }
      setError(code === 'INVALID_PARAMETER' ? t('prohibited') : errorText(code));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="comment-form"
    >
      <label htmlFor={`${id}-content`} className={formStyles.label}>
        {t('formLabel')}
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        className={formStyles.textarea}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
          setDone(false);
        }}
        rows={3}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-hint ${id}-counter${error ? ` ${id}-error` : ''}`}
        data-testid="comment-content"
      />
      <div className={styles.formMeta}>
        <p id={`${id}-hint`} className={formStyles.hint}>
          {t('formHint', { max: COMMENT_MAX_LENGTH })}
        </p>
        <p id={`${id}-counter`} className={over ? styles.counterOver : styles.counter} data-testid="comment-counter">
          {t('counter', { count: length, max: COMMENT_MAX_LENGTH })}
        </p>
      </div>
      <div className={styles.formRow}>
        <label className={formStyles.check}>
          <input
            type="checkbox"
            checked={spoiler}
            onChange={(event) => setSpoiler(event.target.checked)}
            data-testid="comment-spoiler"
          />
          <span>{t('spoilerLabel')}</span>
        </label>
        <button
          type="submit"
          className="button"
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="comment-submit"
        >
          {pending ? t('submitting') : t('submit')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={formStyles.fieldError} data-testid="comment-error">
          {error}
        </p>
      )}
      <p role="status" className={styles.done} data-testid="comment-done">
        {done ? t('posted') : ''}
      </p>
    </form>
  );
}
