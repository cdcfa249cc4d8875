import { useEffect, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import type { TSearchResult } from '@nj/contracts/search/schemas';
import { api } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import { searchApiQuery, type Bounds, type ListingFilters } from './filters.ts';

export type SearchArea = { bounds: Bounds | null; zoom: number | null };

/** The query key of a search: its API parameters without the page. */
export function searchKey(filters: ListingFilters, area: SearchArea) {
  const { page: _page, ...rest } = searchApiQuery(filters, area.bounds, area.zoom, 1);
  return ['search', rest] as const;
}

/**
 * Pages of POST /api/v1/properties/search for the filters and the loaded map area, starting from the server-rendered
 * first page when the key matches. A failed first load shows 'Error al obtener las propiedades'; a failed reload or
 * next page 'Error al actualizar las propiedades' (spec 01 §8).
 */
export function useListingSearch(filters: ListingFilters, area: SearchArea, initial: { key: string; result: TSearchResult } | null) {
  const key = searchKey(filters, area);
  const keyString = JSON.stringify(key);
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<TSearchResult>('POST', '/v1/properties/search', { query: searchApiQuery(filters, area.bounds, area.zoom, pageParam), signal }),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    initialData: initial && initial.key === keyString
      ? ({ pages: [initial.result], pageParams: [1] } satisfies InfiniteData<TSearchResult, number>)
      : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 0,
  });
  const hadData = useRef(false);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) hadData.current = true;
  }, [query.data, query.isPlaceholderData]);
  useEffect(() => {
    if (query.isError) toast('danger', hadData.current ? SEARCH_MESSAGES.updateError : SEARCH_MESSAGES.fetchError);
  }, [query.isError, query.errorUpdatedAt]);
  useEffect(() => {
    if (query.isFetchNextPageError) toast('danger', SEARCH_MESSAGES.updateError);
  }, [query.isFetchNextPageError]);
  const pages = query.data?.pages ?? [];
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
  };
}
