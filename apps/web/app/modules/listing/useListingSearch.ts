import { useEffect, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import type { TSearchResult } from '@nj/contracts/search/schemas';
import { api } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import { searchApiQuery, type Bounds, type ListingFilters } from './filters.ts';

export type SearchArea = { bounds: Bounds | null; zoom: number | null };

/** The query key of a search: its API parameters without the page (the place's slug included). */
export function searchKey(filters: ListingFilters, area: SearchArea, placeSlug: string | null = null) {
  const { page: _page, ...rest } = searchApiQuery(filters, area.bounds, area.zoom, 1, placeSlug);
  return ['search', rest] as const;
}

function initialDataOf(initial: { key: string; result: TSearchResult } | null, key: string): InfiniteData<TSearchResult, number> | null {
  return initial && initial.key === key ? { pages: [initial.result], pageParams: [1] } : null;
}

/**
 * Pages of POST /api/v1/properties/search for the filters, the loaded map area and the chosen place (`placeSlug`:
 * only listings inside it; issue 9 §2–§3), starting from the server-rendered
 * first page when the key matches. A failed search is returned (`error`, `hadResults`: the list then shows the last
 * results that worked, marked stale, with the spec's messages; issue 9 §5); a failed next page shows the toast
 * 'Error al actualizar las propiedades' (spec 01 §8). `retry` runs the failed search again.
 */
export function useListingSearch(
  filters: ListingFilters, area: SearchArea, placeSlug: string | null, initial: { key: string; result: TSearchResult } | null,
) {
  const key = searchKey(filters, area, placeSlug);
  const keyString = JSON.stringify(key);
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<TSearchResult>('POST', '/v1/properties/search', { query: searchApiQuery(filters, area.bounds, area.zoom, pageParam, placeSlug), signal }),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    initialData: initialDataOf(initial, keyString) ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 0,
    // Offline, fail at once (and say so) instead of pausing silently until the connection returns.
    networkMode: 'always',
  });
  // The last search that worked stays on screen (marked stale) when a later one fails.
  const lastGood = useRef<InfiniteData<TSearchResult, unknown> | null>(initialDataOf(initial, keyString));
  if (query.data && !query.isPlaceholderData) lastGood.current = query.data;
  useEffect(() => {
    if (query.isFetchNextPageError) toast('danger', SEARCH_MESSAGES.updateError);
  }, [query.isFetchNextPageError]);
  const failed = query.isError && !query.isFetchNextPageError;
  const pages = query.data?.pages ?? (failed ? (lastGood.current?.pages ?? []) : []);
  return {
    properties: pages.flatMap((p) => p.properties),
    clusters: pages[0]?.clusters ?? [],
    total: pages[0]?.total ?? 0,
    location: pages[0]?.location ?? null,
    hasNextPage: query.hasNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetching: query.isFetching,
    isFetchingNextPage: query.isFetchingNextPage,
    isLoading: query.isLoading,
    isPlaceholderData: query.isPlaceholderData,
    /** The first page's failure (not a next page's), or null. */
    error: failed ? query.error : null,
    /** True when results of an earlier search are on screen (the failure is then an update's). */
    hadResults: failed && pages.length > 0,
    retry: query.refetch,
  };
}
