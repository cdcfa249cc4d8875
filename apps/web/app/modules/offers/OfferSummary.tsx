import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import { formatPrice } from '../properties/format.ts';
import { CHAT_KEYS } from '../chat/api.ts';
import { OFFER_KEYS_Q, type TOfferOverview } from './api.ts';

const M = OFFER_MESSAGES.ui;
/** An amount in MXN as the proposal shows it ('$17,500'). */
export const mxn = (n: number) => formatPrice(n, 'mxn', 'sale');
/** A 'YYYY-MM-DD' day in Spanish ('1 de diciembre de 2026'). */
export const dayLabel = (day: string) => new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** Refreshes what a proposal change touches: its overview, the rent (step) and the conversation list. */
export function useRefresh(ruid: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: OFFER_KEYS_Q.overview(ruid) });
    void queryClient.invalidateQueries({ queryKey: OFFER_KEYS_Q.review(ruid) });
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.rent(ruid) });
    void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.all });
  };
}

/** Label–value pairs as a description list in two columns (one on a phone): the proposal's and a person's facts. */
export function FactsGrid({ rows }: { rows: [string, string][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">{label}</Text>
          <Text component="dd" m={0} fw={600}>{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The proposal's terms as a list (both sides read the same). */
export function OfferSummary({ offer }: { offer: TOfferOverview }) {
  const rows: [string, string][] = [
    [OFFER_MESSAGES.ui.price, offer.price === null ? '—' : formatPrice(offer.price, 'mxn', 'rent')],
    [OFFER_MESSAGES.ui.maintenance, formatPrice(offer.maintenance_fee, 'mxn', 'rent')],
    [OFFER_MESSAGES.ui.deposit, `${M.depositMonths(offer.warranty_deposit)}${offer.deposit_amount === null ? '' : ` (${mxn(offer.deposit_amount)})`}`],
    [OFFER_MESSAGES.ui.rentType, OFFER_MESSAGES.rentTypeLabels[offer.rent_type]],
    [OFFER_MESSAGES.ui.firstDay, offer.first_day ? dayLabel(offer.first_day) : '—'],
    [OFFER_MESSAGES.ui.lastDay, offer.last_day ? dayLabel(offer.last_day) : '—'],
    [OFFER_MESSAGES.ui.plan, offer.plan ? OFFER_MESSAGES.planLabels[offer.plan] : '—'],
  ];
  return (
    <Stack gap={4} data-testid="offer-summary">
      <FactsGrid rows={rows} />
      {offer.neo_fee > 0 ? <Text size="sm">{M.neoFeeLine(mxn(offer.neo_fee))}</Text> : null}
      {offer.sent_at ? <Text size="sm" c="dimmed">{M.sentOn(dayLabel(offer.sent_at.slice(0, 10)))}</Text> : null}
    </Stack>
  );
}

