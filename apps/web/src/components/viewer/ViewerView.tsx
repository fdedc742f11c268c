'use client';

import type { EpisodeLink, ReadingPosition, ViewerResponse } from '@balcony/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { useMemberParts } from '@/components/session/useMemberParts';

// The reader's own parts of the viewer (decision 0293): whether they are a member (their place
// is kept by the api, a visitor's on the device), where they stopped, and what the episodes
// around take for them. A page rendered for the reader holds them. A member's page kept as their
// class's shell holds the visitors' view of a free episode: the member's parts are asked for
// from the browser once the session is known, and the reader is placed once they are there.

interface ViewerViewValue {
  member: boolean;
  resume: ReadingPosition | null;
  prev: EpisodeLink | null;
  next: EpisodeLink | null;
  /** The member's parts are still on their way: the reader is not placed, the neighbours wait. */
  pending: boolean;
}

const ViewerViewContext = createContext<ViewerViewValue | null>(null);

const loadMemberViewer = (episodeId: number) =>
  import('./viewer-calls').then(({ fetchViewer }) => fetchViewer(episodeId));

export function ViewerViewProvider({
  viewer,
  shell,
  member,
  children,
}: {
  /** The episode as the server rendered it: the reader's own, or the visitors' on a kept shell. */
  viewer: ViewerResponse;
  /** A member's kept page: the member's parts are fetched by the browser. */
  shell: boolean;
  /** The server rendered this page for a member (not a shell). */
  member: boolean;
  children: ReactNode;
}) {
  const mine = useMemberParts(shell, viewer.episode.id, loadMemberViewer);
  const own = mine.parts ?? viewer;
  const value: ViewerViewValue = {
    member: shell ? mine.member : member,
    // On a shell the rendered view is the visitors': their place is on the device, not here.
    resume: shell ? (mine.parts?.resume ?? null) : viewer.resume,
    prev: own.prev,
    next: own.next,
    pending: mine.pending,
  };
  return <ViewerViewContext.Provider value={value}>{children}</ViewerViewContext.Provider>;
}

export function useViewerView(): ViewerViewValue {
  const value = useContext(ViewerViewContext);
  if (!value) throw new Error('useViewerView needs a ViewerViewProvider');
  return value;
}
