import { Badge, Group } from '@mantine/core';
import { INTEGRATION_LABELS } from '@nj/contracts/integrations/messages';
import type { TListingIntegrations } from '@nj/contracts/integrations/schemas';

/**
 * The source flag of a synced listing (spec 01 §3 'integrations (easybroker, kw)'; issue 16): a small 'EasyBroker' or
 * 'KW' badge on cards and the detail page; nothing for every other listing.
 */
export function SourceBadge({ integrations, size = 'sm' }: { integrations: TListingIntegrations | undefined; size?: 'xs' | 'sm' }) {
  const names = (['easybroker', 'kw'] as const).filter((k) => integrations?.[k]);
  if (names.length === 0) return null;
  return (
    <Group gap={4} component="span" data-testid="source-badge">
      {names.map((k) => <Badge key={k} size={size} variant="light" color="indigo" radius="sm">{INTEGRATION_LABELS[k]}</Badge>)}
    </Group>
  );
}
