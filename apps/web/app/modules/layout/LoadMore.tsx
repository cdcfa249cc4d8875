import { Button, Center } from '@mantine/core';

/**
 * 'Ver más …' under a paged list (React Query's infinite query): shown while there is a next page, loading while it
 * is fetched. `label` is the feature's own Spanish text.
 */
export function LoadMore({ query, label, variant = 'subtle', size = 'xs' }: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string; variant?: 'subtle' | 'light'; size?: 'xs' | 'sm';
}) {
  if (!query.hasNextPage) return null;
  return (
    <Center p="sm">
      <Button variant={variant} size={size} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>{label}</Button>
    </Center>
  );
}
