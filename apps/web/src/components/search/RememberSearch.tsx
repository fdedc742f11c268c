'use client';

import { useEffect } from 'react';
import { useRecentSearches } from './useRecentSearches';

/** Rendered with shown results: a search whose results were seen counts as a recent search. */
export function RememberSearch({ brandId, query }: { brandId: string; query: string }) {
  const { add } = useRecentSearches(brandId);
  useEffect(() => add(query), [add, query]);
  return null;
}
