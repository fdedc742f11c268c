// What the benchmarks measure: a series a visitor can open and one of its free episodes, found in
// the demo catalog through the api, as any client would.

/**
 * The brand the web serves on a loopback host, as the api is told by the web, and the codings
 * the web's fetch accepts (Node's fetch sends `gzip, deflate`), as every client of the api does.
 */
export const API_HEADERS = {
  'x-balcony-id': 'delitoonb-fr',
  'x-balcony-timeZone': 'Europe/Paris',
  'x-platform': 'WEB',
  'accept-encoding': 'gzip, deflate',
} as const;

export interface Targets {
  seriesId: number;
  freeEpisodeId: number;
}

async function data<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: API_HEADERS });
  const envelope = (await response.json()) as { result: string; data?: T; code?: string };
  if (envelope.result !== 'SUCCESS' || envelope.data === undefined) {
    throw new Error(`GET ${url} answered ${response.status} ${envelope.code ?? ''}`);
  }
  return envelope.data;
}

/** The first ranked series that has a free episode; `apiBase` ends before `/api/v1`. */
export async function findTargets(apiBase: string): Promise<Targets> {
  const ranking = await data<{ items: { id: number }[] }>(`${apiBase}/api/v1/contents/home/RANKING`);
  for (const { id } of ranking.items) {
    const detail = await data<{ episodes: { id: number; isFree: boolean }[] }>(`${apiBase}/api/v1/contents/${id}`);
    const free = detail.episodes.find((episode) => episode.isFree);
    if (free) return { seriesId: id, freeEpisodeId: free.id };
  }
  throw new Error('no ranked series of the demo catalog has a free episode');
}
