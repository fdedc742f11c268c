'use client';

import { SEARCH_DELAY_MS, SEARCH_QUERY_MAX_LENGTH } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useTransition,
} from 'react';
import { useTranslations } from 'use-intl';
import { routes } from '@/lib/navigation/routes';
import { readSearchQuery } from '@/lib/search/query';
import { CloseIcon, RecentSearches } from './RecentSearches';
import styles from './Search.module.css';
import { useRecentSearches } from './useRecentSearches';

/**
 * The search field of /search. Results are the server's render of `/search?q=…` (so a result page
 * is shareable and arrives rendered); typing asks for it SEARCH_DELAY_MS after the last keystroke,
 * Enter at once, by replacing the address. Text still being composed in an IME (kana before
 * conversion, Thai or Chinese input) is not searched until the composition ends. With the field
 * empty, the device's recent searches show instead of results.
 */
export function SearchBox({ brandId, query, children }: { brandId: string; query: string; children: ReactNode }) {
  const t = useTranslations('Search');
  const router = useRouter();
  const recent = useRecentSearches(brandId);
  const [text, setText] = useState(query);
  const [pending, startTransition] = useTransition();
  /** The query whose results the address asks for (the last one sent, maybe still loading). */
  const requested = useRef(query);
  const timer = useRef<number | undefined>(undefined);
  const composing = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  // Another way here (the nav's search link, back to an earlier page) brings its own query.
  useEffect(() => {
    if (!pending && query !== requested.current) {
      requested.current = query;
      setText(query);
    }
  }, [query, pending]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = useCallback(
    (value: string) => {
      window.clearTimeout(timer.current);
      const next = readSearchQuery(value);
      if (next === requested.current) return;
      requested.current = next;
      startTransition(() => router.replace(routes.search(next), { scroll: false }));
    },
    [router],
  );

  const searchSoon = (value: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => search(value), SEARCH_DELAY_MS);
  };

  /** A search the reader asked for (Enter, a recent search): counted as recent at once. */
  const submit = (value: string) => {
    const next = readSearchQuery(value);
    if (next) recent.add(next);
    search(next);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    if (!composing.current) searchSoon(event.target.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an IME conversion is not a search. Safari ends the composition before
    // this keydown, so only its key code (229) tells.
    if (event.key === 'Enter' && (event.nativeEvent.isComposing || event.keyCode === 229)) event.preventDefault();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!composing.current) submit(text);
  };

  const clear = () => {
    setText('');
    search('');
    input.current?.focus();
  };

  const empty = text.trim() === '';
  return (
    <>
      <search>
        {/* Without JavaScript the form still asks the server for /search?q=…. */}
        <form action={routes.search()} method="get" onSubmit={onSubmit} className={styles.form}>
          <label htmlFor={fieldId} className="visually-hidden">
            {t('fieldLabel')}
          </label>
          <div className={styles.field}>
            <input
              ref={input}
              id={fieldId}
              type="search"
              name="q"
              value={text}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              placeholder={t('placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              className={styles.input}
              onChange={onChange}
              onKeyDown={onKeyDown}
              onCompositionStart={() => {
                composing.current = true;
                window.clearTimeout(timer.current);
              }}
              onCompositionEnd={(event) => {
                composing.current = false;
                searchSoon(event.currentTarget.value);
              }}
              data-testid="search-input"
            />
            {!empty && (
              <button
                type="button"
                className={styles.iconButton}
                onClick={clear}
                aria-label={t('clear')}
                data-testid="search-clear"
              >
                <CloseIcon />
              </button>
            )}
          </div>
          <button type="submit" className="button" data-testid="search-submit">
            {t('submit')}
          </button>
        </form>
      </search>
      <p className={styles.status} aria-live="polite" data-testid="search-status">
        {pending ? t('searching') : ''}
      </p>
      {empty ? (
        <RecentSearches
          list={recent.list}
          onSearch={(value) => {
            setText(value);
            submit(value);
            input.current?.focus();
          }}
          onRemove={recent.remove}
          onClear={recent.clear}
          focusField={() => input.current?.focus()}
        />
      ) : (
        <div aria-busy={pending} className={pending ? styles.stale : undefined}>
          {children}
        </div>
      )}
    </>
  );
}
