import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { LISTING_MESSAGES } from '@nj/contracts/listings/messages';
import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import { STATS_MESSAGES } from '@nj/contracts/stats/messages';
import type { TOwnerStats } from '@nj/contracts/stats/schemas';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { putIsActive } from '../stats/api.ts';
import { ChartIcon, EditIcon, InfoIcon } from './icons.tsx';
import { OWNER_METRIC_KEYS, formatOwnerMetric } from './metrics.ts';
import { AgentAssign } from './AgentAssign.tsx';
import { ShareSheetMenu } from '../property-sheets/ShareSheetMenu.tsx';

/** What a card needs to show its owner parts (spec 01 §2): state, metrics, and the toggle. */
export type OwnerCardInfo = {
  isActive: boolean;
  busy: boolean;
  onToggle: (next: boolean) => void;
  stats: TOwnerStats | null;
  /** The activation permission: off → every metric shows '-'. */
  canSeeStats: boolean;
  /** How many people contacted the listing (issue 11), shown on its link to /property-dashboard; absent: no count. */
  interested?: number;
};

/** The route of the listing form in edit mode (owned by the form). */
export const editPropertyHref = (puid: string) => `/editar-propiedad/${encodeURIComponent(puid)}`;
/** The statistics page of one listing. */
export const statsHref = (puid: string) => `/mis-propiedades/${encodeURIComponent(puid)}/estadisticas`;

/** Who contacted one listing (/property-dashboard/{puid}?tab=offers, issue 11). */
export const interestedHref = (puid: string) => `/property-dashboard/${encodeURIComponent(puid)}?tab=offers`;

/** React Query key prefix of the owner's list pages. */
export const MY_PROPERTIES_QUERY_KEY = ['my-properties'] as const;

/**
 * The activation toggle of one owner card (spec 01 §4 "an owner toggles is_active"): flips at once, calls
 * PUT /api/v1/property/{puid}/is_active, and flips back with a danger toast when the call fails. A success shows
 * 'Propiedad activada' / 'Propiedad desactivada'. The list is marked stale so the status filter is right next time.
 */
export function useActiveToggle(puid: string, initial: boolean) {
  const queryClient = useQueryClient();
  const [isActive, setIsActive] = useState(initial);
  const [busy, setBusy] = useState(false);
  const onToggle = async (next: boolean) => {
    if (busy || next === isActive) return;
    setIsActive(next);
    setBusy(true);
    try {
      await putIsActive(puid, next);
      toast('success', next ? LISTING_MESSAGES.activated : LISTING_MESSAGES.deactivated);
      void queryClient.invalidateQueries({ queryKey: MY_PROPERTIES_QUERY_KEY, refetchType: 'none' });
    } catch (error) {
      setIsActive(!next);
      toast('danger', errorMessage(error, M.toggleFailed));
    } finally {
      setBusy(false);
    }
  };
  return { isActive, busy, onToggle: (next: boolean) => void onToggle(next) };
}

/** The 'Activada' / 'Desactivada' badge drawn over the card's photo (dark shades: white text at 4.5:1 or more). */
export function OwnerBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge className="nj-owner-badge" color={isActive ? 'teal.9' : 'gray.7'} variant="filled" size="md" data-testid="owner-badge">
      {isActive ? M.active : M.inactive}
    </Badge>
  );
}

/**
 * The owner's controls under the card body: the activation switch (turning off a listing people contacted asks
 * first: their conversations end), the edit button (→ /editar-propiedad/{puid}),
 * the metrics row (appears, ctr with its tooltip, views, likes, inquiries, leads, shares; '-' without the
 * activation permission), the link to the statistics page and 'Interesados (n)' → /property-dashboard/{puid}?tab=offers.
 */
export function OwnerControls({ puid, title, owner }: { puid: string; title: string; owner: OwnerCardInfo }) {
  const interestedText = owner.interested === undefined ? M.interested : M.interestedCount(owner.interested);
  // Deactivating a listing people contacted ends their conversations (property_invalid): the owner confirms first.
  const [confirming, setConfirming] = useState(false);
  const onSwitch = (next: boolean) => {
    if (!next && (owner.interested ?? 0) > 0) setConfirming(true);
    else owner.onToggle(next);
  };
  return (
    <div className="nj-owner">
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={M.deactivateTitle} centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
        <Stack gap="md">
          <Text size="sm">{M.deactivateExplain(owner.interested ?? 0)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>{M.deactivateCancel}</Button>
            <Button color="red.9" data-autofocus onClick={() => { setConfirming(false); owner.onToggle(false); }}>{M.deactivateConfirm}</Button>
          </Group>
        </Stack>
      </Modal>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Switch
          checked={owner.isActive}
          onChange={(e) => onSwitch(e.currentTarget.checked)}
          disabled={owner.busy}
          // The visible state first, then the listing for screen readers: the accessible name contains the visible
          // text (axe label-content-name-mismatch).
          label={<>{owner.isActive ? M.active : M.inactive}<VisuallyHidden>{`: ${M.toggleLabel(title)}`}</VisuallyHidden></>}
          color="teal"
          size="sm"
        />
        <Button
          component={Link}
          to={editPropertyHref(puid)}
          size="compact-sm"
          variant="light"
          leftSection={<EditIcon size={14} />}
          aria-label={M.editLabel(title)}
        >
          {M.edit}
        </Button>
      </Group>
      <dl className="nj-owner-metrics" aria-label={M.metricsLabel} title={owner.canSeeStats ? undefined : M.metricHiddenHint}>
        {OWNER_METRIC_KEYS.map((key) => (
          <div key={key} className="nj-owner-metric" data-metric={key}>
            <dt>
              {M.metrics[key]}
              {key === 'ctr' ? (
                <Tooltip label={STATS_MESSAGES.ctrTooltip} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
                  <ActionIcon variant="transparent" size={16} color="gray" aria-label={M.ctrHelp} className="nj-owner-help">
                    <InfoIcon size={14} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </dt>
            <dd>{formatOwnerMetric(key, owner.stats, owner.canSeeStats)}</dd>
          </div>
        ))}
      </dl>
      <Group gap={4} wrap="wrap">
        {owner.canSeeStats ? (
          <Button component={Link} to={statsHref(puid)} variant="subtle" size="compact-sm" leftSection={<ChartIcon size={14} />} px={4}>
            {M.statsLink}
          </Button>
        ) : null}
        <Button component={Link} to={interestedHref(puid)} variant="subtle" size="compact-sm" px={4} aria-label={M.interestedLabel(interestedText, title)} data-testid="interested-link">
          {interestedText}
        </Button>
        <AgentAssign puid={puid} title={title} />
        {owner.isActive ? <ShareSheetMenu puid={puid} title={title} /> : null}
      </Group>
    </div>
  );
}
