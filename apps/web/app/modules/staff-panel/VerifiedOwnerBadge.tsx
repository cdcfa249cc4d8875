import { Badge, Tooltip } from '@mantine/core';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';

const day = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/**
 * 'Propietario verificado' (issue 14: an LP ticket completed with the listing's folio real sets last_verified): shown
 * on the listing when `lastVerified` (ISO 8601) is set, with the day in its title; nothing otherwise.
 */
export function VerifiedOwnerBadge({ lastVerified }: { lastVerified: string | null | undefined }) {
  if (!lastVerified) return null;
  return (
    <Tooltip label={M.verifiedOwnerHint(day(lastVerified))} withArrow>
      <Badge variant="light" color="teal" data-testid="verified-owner" tabIndex={0}>{M.verifiedOwner}</Badge>
    </Tooltip>
  );
}
