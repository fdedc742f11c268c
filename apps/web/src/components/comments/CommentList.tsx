'use client';

import type { Comment } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { useErrorText } from '@/components/ui/useErrorText';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Comments.module.css';

/** A comment with its date already written out in the brand's format (by the server). */
export type ListedComment = Comment & { date: string };

type Confirming = 'report' | 'delete' | 'block' | null;

/**
 * The comments of /comment, each with what the reader may do: like (a toggle), report, block
 * the author, or delete their own. Every text a member wrote is a React text node, never HTML.
 */
export function CommentList({
  items,
  showEpisode,
  returnPath,
  label,
}: {
  items: readonly ListedComment[];
  showEpisode: boolean;
  returnPath: string;
  label: string;
}) {
  const t = useTranslations('Comments');
  const [status, setStatus] = useState('');
  return (
    <>
      <ul className={styles.list} aria-label={label} data-testid="comment-list">
        {items.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            showEpisode={showEpisode}
            returnPath={returnPath}
            onDone={setStatus}
          />
        ))}
      </ul>
      <p role="status" className={styles.done} data-testid="comment-status">
        {status}
      </p>
      {items.length === 0 && (
        <p className={styles.empty} data-testid="comment-empty">
          {t('empty')}
        </p>
      )}
    </>
  );
}

function CommentItem({
  comment,
  showEpisode,
  returnPath,
  onDone,
}: {
  comment: ListedComment;
  showEpisode: boolean;
  returnPath: string;
  onDone: (status: string) => void;
}) {
  const t = useTranslations('Comments');
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const [liked, setLiked] = useState(comment.liked);
  const [likeCount, setLikeCount] = useState(comment.likeCount);
  const [reported, setReported] = useState(comment.reported);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const author = comment.nickname ?? t('anonymous');
  const gone = comment.state !== null;

  async function act(action: 'like' | 'report' | 'delete' | 'block') {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const calls = await import('./comment-calls');
      switch (action) {
        case 'like': {
          const answer = await calls.setLike(comment.id, !liked);
          setLiked(answer.liked);
          setLikeCount(answer.likeCount);
          return;
        }
        case 'report': {
          const answer = await calls.reportComment(comment.id);
          setReported(true);
          onDone(answer.state === 'BLIND' ? t('reportedHidden') : t('reportedDone'));
          break;
        }
        case 'delete':
          await calls.deleteComment(comment.id);
          onDone(t('deletedDone'));
          break;
        case 'block':
          await calls.blockAuthor(comment.id);
          onDone(t('blockedDone', { nickname: author }));
          break;
      }
      setConfirming(null);
      router.refresh();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(returnPath));
        return;
      }
      setError(errorText(code));
    } finally {
      setPending(false);
    }
  }

  const question =
    confirming === 'report'
      ? t('reportConfirm')
      : confirming === 'delete'
        ? t('deleteConfirm')
        : confirming === 'block'
          ? t('blockConfirm', { nickname: author })
          : null;

  return (
    <li
      className={styles.item}
      data-testid="comment"
      data-comment-id={comment.id}
      data-state={comment.state ?? 'SHOWN'}
      data-mine={comment.mine || undefined}
    >
      <p className={styles.meta}>
        <span className={styles.author}>{gone ? t('removedAuthor') : author}</span>
        {comment.mine && !gone && <span className={styles.badge}>{t('mine')}</span>}
        <time dateTime={comment.createdAt} className={styles.date}>
          {comment.date}
        </time>
        {showEpisode && (
          <Link href={routes.comments({ episode: comment.episode.id })} prefetch={false} className={styles.episode}>
            {t('episodeLabel', { number: comment.episode.number })}
          </Link>
        )}
      </p>
      {comment.state === 'DELETED' ? (
        <p className={styles.removed}>{t('deleted')}</p>
      ) : comment.state === 'BLIND' ? (
        <p className={styles.removed}>{t('blind')}</p>
      ) : comment.spoiler && !revealed ? (
        <p className={styles.spoiler}>
          <span>{t('spoilerHidden')}</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setRevealed(true);
              // The button is replaced by the text: focus follows, so a keyboard reader goes on reading.
              requestAnimationFrame(() => document.getElementById(`${id}-text`)?.focus());
            }}
            data-testid="comment-reveal"
          >
            {t('reveal')}
          </button>
        </p>
      ) : (
        <p id={`${id}-text`} className={styles.text} tabIndex={revealed ? -1 : undefined} data-testid="comment-text">
          {comment.content}
        </p>
      )}
      {!gone && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            aria-pressed={liked}
            disabled={pending}
            onClick={() => void act('like')}
            data-testid="comment-like"
          >
            {t('like')} <span aria-hidden="true">·</span> {t('likeCount', { count: likeCount })}
          </button>
          {comment.mine ? (
            <button
              type="button"
              className={styles.action}
              onClick={() => setConfirming('delete')}
              data-testid="comment-delete"
            >
              {t('delete')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className={styles.action}
                disabled={reported}
                onClick={() => setConfirming('report')}
                data-testid="comment-report"
              >
                {reported ? t('reported') : t('report')}
              </button>
              <button
                type="button"
                className={styles.action}
                onClick={() => setConfirming('block')}
                data-testid="comment-block"
              >
                {t('block')}
              </button>
            </>
          )}
        </div>
      )}
      {confirming && question && (
        <fieldset className={styles.confirm} data-testid="comment-confirm">
          <legend>{question}</legend>
          <button
            type="button"
            className="button"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => void act(confirming)}
            data-testid="comment-confirm-yes"
          >
            {t(`confirm.${confirming}`)}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
            {t('cancel')}
          </button>
        </fieldset>
      )}
      {error && (
        <p role="alert" className={styles.error} data-testid="comment-action-error">
          {error}
        </p>
      )}
    </li>
  );
}
