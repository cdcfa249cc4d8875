import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { MARKET_MESSAGES as M } from '@nj/contracts/market/messages';
import type { TMarketFigures } from '@nj/contracts/market/schemas';
import { formatNumber } from '../properties/format.ts';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ''} ${ym.slice(0, 4)}`;

/**
 * A place page's market figures (issue 17): per operation, a chart of the median MXN per m² of every type of
 * listing over the last 12 months and the active listings, 'Datos insuficientes' where the sample is too small,
 * and the method and its limits in words.
 */
export function MarketFigures({ figures }: { figures: TMarketFigures }) {
  const sides = (['rent', 'sale'] as const)
    .map((op) => ({ op, series: figures.series.find((s) => s.operation === op && s.property_type === figures.focus) }))
    .filter((x) => x.series && x.series.points.some((p) => p.listings > 0));
  return (
    <section aria-labelledby="market-title" className="nj-market" data-testid="market-figures">
      <Title order={2} fz="lg" id="market-title">{M.marketTitle(figures.place)}</Title>
      {sides.map(({ op, series }) => {
        const rows = series!.points.map((p) => ({ month: monthLabel(p.month), median: p.median_mxn_m2 ?? 0, listings: p.listings }));
        const last = series!.points[series!.points.length - 1]!;
        const title = op === 'rent' ? M.marketRent : M.marketSale;
        return (
          <Paper key={op} withBorder radius="md" p="md" mt="sm" data-testid={`market-${op}`}>
            <Title order={3} fz="md">{title}</Title>
            <Text size="sm" mt={4}>
              {M.marketActive}: <strong>{formatNumber(last.listings)}</strong> · {M.marketMedian}:{' '}
              <strong data-testid={`market-${op}-median`}>{last.median_mxn_m2 === null ? M.insufficientData : `$${formatNumber(last.median_mxn_m2)}`}</strong>
            </Text>
            {series!.points.some((p) => p.median_mxn_m2 !== null) ? (
              <div role="img" aria-label={`${M.marketTitle(figures.place)}. ${title}`} data-testid={`market-${op}-chart`}>
                <BarChart
                  h={200}
                  mt="sm"
                  data={rows}
                  dataKey="month"
                  series={[{ name: 'median', label: M.marketMedian, color: 'brand.6' }]}
                  tickLine="none"
                  gridAxis="y"
                  valueFormatter={(v) => `$${formatNumber(v)}`}
                  yAxisProps={{ width: 64 }}
                />
              </div>
            ) : null}
          </Paper>
        );
      })}
      {sides.length === 0 ? <Text size="sm" mt="xs">{M.insufficientData}</Text> : null}
      <Text size="xs" c="dimmed" mt="sm" data-testid="market-method">{M.marketMethod(figures.min_sample)}</Text>
    </section>
  );
}
