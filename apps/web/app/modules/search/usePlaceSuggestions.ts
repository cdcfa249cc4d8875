import { useEffect, useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { TIMINGS } from '@nj/contracts/search/constants';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { PLACES_MESSAGES as P } from '@nj/contracts/places/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { api } from '../api/client.ts';
import { toast } from '../toast/toast.ts';

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
 * (spec 01 §5). A failure is only logged (spec 01 §2: the user sees nothing) and gives no suggestions. Returns the
 * suggestions, whether a request is running, and `settledQuery`: the text they are the answer for ('' while the
 * previous text's suggestions are still shown).
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
  // settledQuery: the text the shown suggestions answer ('' while they are the previous text's, kept as placeholder).
  const settledQuery = query.isPlaceholderData || query.data === undefined ? '' : q;
  return { suggestions: q.length >= 2 ? (query.data ?? []) : [], isFetching: query.isFetching, settledQuery };
}

/**
 * The place the search box means when the visitor presses Enter without picking a suggestion (issue 9 §2): the first
 * of `shown` when those suggestions are for this very text (`shown.settledQuery`), else the best one the API gives
 * for `text` now (limit 1; the shown list may lag behind the typing by the debounce). Says what happened in a toast:
 * which place it chose ('Te mostramos Guadalajara, Jalisco'), that no place is called that way, or the connection
 * error. Resolves to the place, or null (nothing to show: the caller stays where it is). Never rejects.
 */
export async function chooseBestPlace(
  text: string,
  shown: { settledQuery: string; suggestions: TPlaceSuggestion[] },
): Promise<TPlaceSuggestion | null> {
  const q = text.trim();
  let place: TPlaceSuggestion | null = null;
  if (shown.settledQuery === q && shown.suggestions.length > 0) place = shown.suggestions[0]!;
  else {
    try {
      const data = await api<{ suggestions: TPlaceSuggestion[] }>('GET', '/v1/places/autocomplete', { query: { q, limit: 1 } });
      place = data?.suggestions[0] ?? null;
    } catch {
      toast('danger', COMMON_MESSAGES.connection);
      return null;
    }
  }
  if (place) toast('info', P.showingBestMatch(place.label));
  else toast('info', P.noPlaceNamed(q));
  return place;
}
