import '@mantine/charts/styles.layer.css';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor, Button, Center, Container, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, Tooltip,
} from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import { STATS_DEFAULT_DAYS } from '@nj/contracts/stats/constants';
import { STATS_MESSAGES } from '@nj/contracts/stats/messages';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { ApiError, api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { InfoIcon } from '../my-properties/icons.tsx';
import { OWNER_METRIC_KEYS, formatOwnerMetric } from '../my-properties/metrics.ts';
import { getListingStats } from './api.ts';
import { chartRows, hasActivity, periodTotals } from './series.ts';

const PERIODS = [7, STATS_DEFAULT_DAYS, 90] as const;

/**
 * The statistics page of one listing (/mis-propiedades/{puid}/estadisticas): totals of the chosen period (30 days
 * by default) and since publication, a line chart of views and appearances per day and a bar chart of likes,
 * inquiries and shares (GET /api/v1/property/{puid}/stats?days=). Only the owner may see it; others get the
 * server's message.
 */
export function StatsPage({ puid }: { puid: string }) {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  const [days, setDays] = useState<number>(STATS_DEFAULT_DAYS);
  const stats = useQuery({
    queryKey: ['listing-stats', puid, days],
    queryFn: ({ signal }) => getListingStats(puid, days, signal),
    enabled: registered,
    retry: 0,
  });
  const listing = useQuery({
    queryKey: ['property', puid],
    queryFn: ({ signal }) => api<TPropertyDetail>('GET', `/v1/properties/${encodeURIComponent(puid)}`, { signal }),
    enabled: registered && stats.isSuccess,
    retry: 0,
  });

  let body;
  if (!ready || (registered && stats.isLoading)) {
    body = <Center py={80}><Loader aria-label={M.stats.heading} /></Center>;
  } else if (!registered) {
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={2} fz={22}>{M.visitorTitle}</Title>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: `/mis-propiedades/${puid}/estadisticas` })}>{M.visitorCta}</Button>
      </Stack>
    );
  } else if (stats.isError || !stats.data) {
    const status = stats.error instanceof ApiError ? stats.error.status : 0;
    body = (
      <Stack align="center" ta="center" gap="sm" py={60} role="alert">
        <Title order={2} fz={20}>{status === 403 ? M.stats.notOwnerTitle : M.stats.fetchFailed}</Title>
        <Text c="dimmed">{errorMessage(stats.error, M.stats.fetchFailed)}</Text>
        {status === 0 || status >= 500 ? <Button variant="light" onClick={() => void stats.refetch()}>{M.retry}</Button> : null}
      </Stack>
    );
  } else {
    const data = stats.data;
    const period = periodTotals(data.series);
    const rows = chartRows(data.series);
    const active = hasActivity(data.series);
    body = (
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="lg">{M.stats.period(data.days)}</Title>
          <SegmentedControl
            aria-label={M.stats.chartTitle}
            value={String(days)}
            onChange={(v) => setDays(Number(v))}
            data={PERIODS.map((d) => ({ value: String(d), label: `${d} días` }))}
            size="xs"
          />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm">
          {OWNER_METRIC_KEYS.map((key) => (
            <Paper key={key} withBorder radius="md" p="sm" data-metric={key}>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{M.metrics[key]}</Text>
                {key === 'ctr' ? (
                  <Tooltip label={STATS_MESSAGES.ctrTooltip} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
                    <span tabIndex={0} aria-label={M.ctrHelp} className="nj-owner-help"><InfoIcon size={14} /></span>
                  </Tooltip>
                ) : null}
              </Group>
              <Text fz={22} fw={700}>{formatOwnerMetric(key, period, true)}</Text>
              <Text size="xs" c="dimmed">{M.stats.totals}: {formatOwnerMetric(key, data.totals, true)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {!active ? <Text c="dimmed" size="sm" role="status">{M.stats.noActivity}</Text> : null}
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="sm">{M.stats.chartViews}</Title>
          <div role="img" aria-label={`${M.stats.chartViews}. ${M.stats.chartLabel(data.days)}`}>
            <LineChart
              h={260}
              data={rows}
              dataKey="label"
              series={[
                { name: 'views', label: M.metrics.views, color: 'brand.6' },
                { name: 'appears', label: M.metrics.appears, color: 'gray.5' },
              ]}
              curveType="monotone"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tickLine="none"
              gridAxis="x"
              withDots={data.days <= 31}
              yAxisProps={{ allowDecimals: false, width: 40 }}
              xAxisProps={{ minTickGap: 16 }}
            />
          </div>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="sm">{M.stats.chartContacts}</Title>
          <div role="img" aria-label={`${M.stats.chartContacts}. ${M.stats.chartLabel(data.days)}`}>
            <BarChart
              h={220}
              data={rows}
              dataKey="label"
              series={[
                { name: 'likes', label: M.metrics.likes, color: 'red.5' },
                { name: 'inquiries', label: M.metrics.inquiries, color: 'teal.6' },
                { name: 'shares', label: M.metrics.shares, color: 'violet.5' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tickLine="none"
              gridAxis="x"
              yAxisProps={{ allowDecimals: false, width: 40 }}
              xAxisProps={{ minTickGap: 16 }}
            />
          </div>
        </Paper>
        <details className="nj-stats-table">
          <summary>{M.stats.tableCaption}</summary>
          <div className="nj-stats-table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{M.stats.day}</th>
                  {(['appears', 'views', 'likes', 'inquiries', 'leads', 'shares'] as const).map((k) => <th key={k} scope="col">{M.metrics[k]}</th>)}
                </tr>
              </thead>
              <tbody>
                {[...rows].reverse().map((r) => (
                  <tr key={r.day}>
                    <th scope="row">{r.label}</th>
                    <td>{r.appears}</td><td>{r.views}</td><td>{r.likes}</td><td>{r.inquiries}</td><td>{r.leads}</td><td>{r.shares}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Stack>
    );
  }

  return (
    <>
      <NavBar variant="properties" />
      <main>
      <Container size="lg" py="lg">
        <Anchor component={Link} to="/mis-propiedades" size="sm">← {M.stats.back}</Anchor>
        <Title order={1} fz={{ base: 22, sm: 26 }} mt="xs">{M.stats.heading}</Title>
        {listing.data ? (
          <Group gap="xs" mb="md">
            <Text c="dimmed" lineClamp={2}>{listing.data.title}</Text>
            <Anchor href={`/propiedades/${listing.data.slug}`} target="_blank" rel="noopener" size="sm">{M.stats.viewListing}</Anchor>
          </Group>
        ) : <Text c="dimmed" mb="md">{'\u00a0'}</Text>}
        {body}
      </Container>
      </main>
    </>
  );
}
