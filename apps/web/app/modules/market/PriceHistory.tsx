import { Table, Text, Title } from '@mantine/core';
import { MARKET_MESSAGES as M } from '@nj/contracts/market/messages';
import type { Currency } from '@nj/contracts/catalogue/vocabularies';
import type { TPriceComparison, TPriceHistory } from '@nj/contracts/market/schemas';
import type { PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { formatDate, formatPrice } from '../properties/format.ts';

/**
 * The detail page's price history (issue 17): a table of every recorded price, newest first, in the listing's
 * currency (MXN equivalent when it is another), with the comparison against the colonia's median above it.
 */
export function PriceHistorySection({ history, comparison, type }: {
  history: TPriceHistory; comparison: TPriceComparison | null; type: PropertyType;
}) {
  const events = [...history.events].reverse();
  return (
    <section aria-labelledby="price-history-title" className="nj-detail-section" data-testid="price-history">
      <Title order={2} fz="xl" id="price-history-title">{M.priceHistoryTitle}</Title>
      {comparison ? (
        <Text mt="xs" fw={600} data-testid="price-comparison">
          {M.comparison(type, comparison.percent, comparison.place)}
        </Text>
      ) : null}
      {comparison ? <Text size="xs" c="dimmed">{M.comparisonBasis(comparison.sample)}</Text> : null}
      <Table mt="sm" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.historyDate}</Table.Th>
            <Table.Th>{M.historyEvent}</Table.Th>
            <Table.Th>{M.historyPrice}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e, i) => (
            <Table.Tr key={`${e.at}-${e.operation}-${i}`}>
              <Table.Td>{formatDate(e.at)}</Table.Td>
              <Table.Td>{e.source === 'start' ? M.historyStart : M.historyChange}</Table.Td>
              <Table.Td>
                {formatPrice(e.price, e.currency as Currency, e.operation)}
                {e.currency !== 'mxn' ? <Text span size="xs" c="dimmed"> ({formatPrice(e.price_mxn, 'mxn', e.operation)})</Text> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>{M.historySince}</Text>
    </section>
  );
}
