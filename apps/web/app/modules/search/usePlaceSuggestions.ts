import { useEffect, useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { TIMINGS } from '@nj/contracts/search/constants';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { api } from '../api/client.ts';

/** Returns `value` once it has stopped changing for `delayMs` (ms). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Place suggestions for the search box: asks GET /api/v1/places/autocomplete 150 ms after the visitor stops typing
 * (spec 01 §5). A failure is only logged (spec 01 §2: the user sees nothing) and gives no suggestions.
 */
export function usePlaceSuggestions(text: string, enabled: boolean) {
  const q = useDebounced(text.trim(), TIMINGS.autocompleteDebounceMs);
  const query = useQuery({
    queryKey: ['places', 'autocomplete', q],
    enabled: enabled && q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: 0,
    queryFn: async ({ signal }) => {
      try {
        const data = await api<{ suggestions: TPlaceSuggestion[] }>('GET', '/v1/places/autocomplete', { query: { q }, signal });
        return data?.suggestions ?? [];
      } catch (error) {
        if ((error as Error)?.name !== 'AbortError') console.warn('autocomplete', error);
        return [];
      }
    },
  });
  return { suggestions: q.length >= 2 ? (query.data ?? []) : [], isFetching: query.isFetching, settledQuery: q };
}
