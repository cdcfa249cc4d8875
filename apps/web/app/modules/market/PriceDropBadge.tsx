import { Badge } from '@mantine/core';
import { MARKET_MESSAGES as M } from '@nj/contracts/market/messages';

/** The 'Bajó de precio' badge (issue 17): shown when the price dropped in the last 30 days. */
export function PriceDropBadge({ percent, size = 'md' }: { percent: number | null | undefined; size?: 'sm' | 'md' }) {
  if (!percent) return null;
  return (
    <Badge color="teal.9" variant="filled" size={size} title={M.priceDropLabel(percent)} data-testid="price-drop-badge">
      {M.priceDropBadge}
    </Badge>
  );
}
