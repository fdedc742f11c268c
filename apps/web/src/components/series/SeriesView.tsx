'use client';

import type { EpisodeSummary, SeriesDetail } from '@balcony/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useMemberParts } from '@/components/session/useMemberParts';

// The series as this reader sees it (decision 0293). A page rendered for the reader holds their
// view already. A member's page kept as their class's shell holds the visitors' view: the
// member's own parts (episode states, read marks, favourite, where they stopped) are asked for
// from the browser once the session is known, and until then those parts show as pending.

interface SeriesViewValue {
  series: SeriesDetail;
  /** The view's episodes by id, falling back to the server's (an episode the member's view lacks). */
  episodes: ReadonlyMap<number, EpisodeSummary>;
  /** The member's own view is still on its way: their parts are not shown as final yet. */
  pending: boolean;
  /** When the server rendered the page: countdowns hydrate from it (later ones start from the browser's clock). */
  renderedAt: number;
}

const SeriesViewContext = createContext<SeriesViewValue | null>(null);

const loadMemberSeries = (series: SeriesDetail) =>
  import('./series-calls').then(({ fetchMemberSeries }) => fetchMemberSeries(series.id));

export function SeriesViewProvider({
  series,
  shell,
  renderedAt,
  children,
}: {
  /** The view the server rendered: the reader's own, or the visitors' on a kept shell. */
  series: SeriesDetail;
  /** A member's kept page: the member's view is fetched by the browser. */
  shell: boolean;
  renderedAt: number;
  children: ReactNode;
}) {
  const mine = useMemberParts(shell, series, loadMemberSeries);
  const shown = mine.parts ?? series;
  const episodes = useMemo(
    () => new Map([...series.episodes, ...shown.episodes].map((episode) => [episode.id, episode])),
    [series, shown],
  );
  const value: SeriesViewValue = {
    series: shown,
    episodes,
    pending: mine.pending,
    renderedAt,
  };
  return <SeriesViewContext.Provider value={value}>{children}</SeriesViewContext.Provider>;
}

export function useSeriesView(): SeriesViewValue {
  const value = useContext(SeriesViewContext);
  if (!value) throw new Error('useSeriesView needs a SeriesViewProvider');
  return value;
}

/** One episode of the reader's view (every row of the page is one of the view's episodes). */
export function useEpisodeView(episodeId: number): { episode: EpisodeSummary; pending: boolean; renderedAt: number } {
  const { series, episodes, pending, renderedAt } = useSeriesView();
  const episode = episodes.get(episodeId);
  if (!episode) throw new Error(`episode ${episodeId} is not in series ${series.id}`);
  return { episode, pending, renderedAt };
}
