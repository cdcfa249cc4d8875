import { useSearchParams } from 'react-router';

/**
 * The staff pages' filters kept in the URL (/tickets, /db, /db/auditoria): the current search params, the page number
 * (`?page`, 1 when absent or not a whole number of 1 or more), and `set(changes)`, which sets each non-empty value,
 * drops each null or empty one, and drops `page` unless the change names it (a new filter starts at page 1). The
 * history entry is replaced, so Back leaves the page instead of stepping through filters.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, page, set };
}
