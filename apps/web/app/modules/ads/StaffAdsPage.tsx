import { useState } from 'react';
import {
  Alert, Badge, Button, Card, FileButton, Group, Loader, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADS_MESSAGES as M } from '@nj/contracts/ads/messages';
import type { TCreateAdBody, TStaffAd, TStaffAds } from '@nj/contracts/ads/schemas';
import { api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';
import { StaffFrame } from '../staff-panel/StaffGate.tsx';

const KEY = ['staff', 'ads'] as const;
const STATUS_LABEL: Record<TStaffAd['status'], string> = {
  running: M.statusRunning, paused: M.statusPaused, spent: M.statusSpent, scheduled: M.statusScheduled, ended: M.statusEnded,
};
const STATUS_COLOR: Record<TStaffAd['status'], string> = { running: 'teal', paused: 'gray', spent: 'orange', scheduled: 'blue', ended: 'gray' };

/** yyyy-mm-dd of a date in the browser's zone (the date inputs' format). */
function day(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Form = {
  advertiser: string; title: string; link_url: string; puid: string; kind: 'circle' | 'bbox';
  lat: number | string; lng: number | string; radius_m: number | string;
  north: number | string; south: number | string; east: number | string; west: number | string;
  min_zoom: number | string; max_zoom: number | string; starts: string; ends: string; budget: number | string;
};

function initialForm(): Form {
  const now = new Date();
  return {
    advertiser: '', title: '', link_url: '', puid: '', kind: 'circle', lat: 20.6736, lng: -103.344, radius_m: 3000,
    north: 20.75, south: 20.6, east: -103.25, west: -103.45, min_zoom: 12, max_zoom: 18,
    starts: day(now), ends: day(new Date(now.getTime() + 30 * 86_400_000)), budget: 10_000,
  };
}

/** The create call's body from the form (dates at the start of the day in the browser's zone). */
function toBody(f: Form): TCreateAdBody {
  const n = (v: number | string) => Number(v);
  return {
    advertiser: f.advertiser, title: f.title, link_url: f.link_url.trim() || null, puid: f.puid.trim() || null,
    area: f.kind === 'circle' ? { kind: 'circle', lat: n(f.lat), lng: n(f.lng), radius_m: n(f.radius_m) }
      : { kind: 'bbox', north: n(f.north), south: n(f.south), east: n(f.east), west: n(f.west) },
    min_zoom: n(f.min_zoom), max_zoom: n(f.max_zoom),
    starts_at: new Date(`${f.starts}T00:00:00`).toISOString(), ends_at: new Date(`${f.ends}T23:59:59`).toISOString(),
    budget_impressions: n(f.budget),
  };
}

/**
 * /anuncios (issue 16 'Map ads'; decision 034), support only: every map ad with its state, impressions and clicks;
 * pause/resume and an image upload per ad (checked by content on the server); a form to create one (advertiser,
 * text, link or listing, a circle or rectangle area, zoom range, dates, budget in impressions).
 */
export function StaffAdsPage() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<TStaffAds>('GET', '/v1/ads', { signal }), retry: 0 });
  const [form, setForm] = useState<Form>(initialForm);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const create = () => {
    setBusy(true);
    api<TStaffAd>('POST', '/v1/ads', { body: toBody(form) })
      .then(() => {
        toast('success', M.adCreated);
        setForm(initialForm());
        return refresh();
      })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.adNotFound)))
      .finally(() => setBusy(false));
  };
  const pause = (ad: TStaffAd) => {
    api<TStaffAd>('PUT', `/v1/ads/${ad.ad_uid}`, { body: { is_paused: !ad.is_paused } })
      .then(() => { toast('success', M.adUpdated); return refresh(); })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.adNotFound)));
  };
  const upload = (ad: TStaffAd, file: File | null) => {
    if (!file) return;
    const body = new FormData();
    body.append('image', file);
    api<TStaffAd>('POST', `/v1/ads/${ad.ad_uid}/image`, { body })
      .then(() => { toast('success', M.imageUpdated); return refresh(); })
      .catch((e: unknown) => toast('danger', errorMessage(e, M.imageMissing)));
  };

  const num = (k: keyof Form, label: string, props: { min?: number; max?: number; decimalScale?: number } = {}) => (
    <NumberInput label={label} value={form[k] as number | string} onChange={(v) => set(k, v as never)} {...props} />
  );

  return (
    <StaffFrame>
      <Stack gap="md">
        <Title order={1} size="h2">{M.pageTitle}</Title>
        <Text c="dimmed">{M.pageIntro}</Text>
        <Card withBorder padding="sm">
          {query.isLoading ? <Loader size="sm" aria-label={M.adsListed} />
            : query.isError ? <Alert color="red">{errorMessage(query.error, M.adNotFound)}</Alert>
              : query.data!.ads.length === 0 ? <Text size="sm" c="dimmed">{M.noAds}</Text> : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="xs" aria-label={M.adsListed} data-testid="staff-ads">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{M.advertiser}</Table.Th><Table.Th>{M.status}</Table.Th><Table.Th>{M.impressions}</Table.Th>
                        <Table.Th>{M.clicks}</Table.Th><Table.Th>{M.image}</Table.Th><Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {query.data!.ads.map((ad) => (
                        <Table.Tr key={ad.ad_uid} data-ad-uid={ad.ad_uid}>
                          <Table.Td><Text size="sm" fw={600}>{ad.advertiser}</Text><Text size="xs" c="dimmed">{ad.title}</Text></Table.Td>
                          <Table.Td miw={170}><Badge variant="light" color={STATUS_COLOR[ad.status]} style={{ overflow: 'visible' }}>{STATUS_LABEL[ad.status]}</Badge></Table.Td>
                          <Table.Td data-testid="ad-impressions">{ad.impressions.toLocaleString('es-MX')} / {ad.budget_impressions.toLocaleString('es-MX')}</Table.Td>
                          <Table.Td data-testid="ad-clicks">{ad.clicks.toLocaleString('es-MX')}</Table.Td>
                          <Table.Td>
                            <FileButton onChange={(f) => upload(ad, f)} accept="image/png,image/jpeg,image/webp,image/heic">
                              {(props) => <Button {...props} size="xs" variant="light" aria-label={`${M.uploadImage}: ${ad.advertiser}`}>{M.uploadImage}</Button>}
                            </FileButton>
                          </Table.Td>
                          <Table.Td>
                            <Button size="xs" variant="subtle" onClick={() => pause(ad)} aria-label={`${ad.is_paused ? M.resume : M.pause}: ${ad.advertiser}`}>
                              {ad.is_paused ? M.resume : M.pause}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
        </Card>

        <Card withBorder padding="md" component="section" aria-labelledby="new-ad-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="new-ad-title">{M.newAd}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={M.advertiser} value={form.advertiser} onChange={(e) => set('advertiser', e.currentTarget.value)} maxLength={120} required />
              <TextInput label={M.title} value={form.title} onChange={(e) => set('title', e.currentTarget.value)} maxLength={120} required />
              <TextInput label={M.linkUrl} value={form.link_url} onChange={(e) => set('link_url', e.currentTarget.value)} placeholder="https://" maxLength={500} />
              <TextInput label={M.listingPuid} value={form.puid} onChange={(e) => set('puid', e.currentTarget.value)} maxLength={64} />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="ad-area-kind">{M.areaKind}</Text>
              <SegmentedControl aria-labelledby="ad-area-kind" value={form.kind} onChange={(v) => set('kind', v as Form['kind'])} maw={320}
                data={[{ value: 'circle', label: M.areaCircle }, { value: 'bbox', label: M.areaBbox }]} />
            </Stack>
            {form.kind === 'circle' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {num('lat', M.centerLat, { min: -90, max: 90, decimalScale: 6 })}
                {num('lng', M.centerLng, { min: -180, max: 180, decimalScale: 6 })}
                {num('radius_m', M.radius, { min: 50, max: 500_000 })}
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {num('north', M.north, { min: -90, max: 90, decimalScale: 6 })}
                {num('south', M.south, { min: -90, max: 90, decimalScale: 6 })}
                {num('east', M.east, { min: -180, max: 180, decimalScale: 6 })}
                {num('west', M.west, { min: -180, max: 180, decimalScale: 6 })}
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              {num('min_zoom', M.minZoom, { min: 0, max: 22 })}
              {num('max_zoom', M.maxZoom, { min: 0, max: 22 })}
              <TextInput type="date" label={M.startsAt} value={form.starts} onChange={(e) => set('starts', e.currentTarget.value)} />
              <TextInput type="date" label={M.endsAt} value={form.ends} onChange={(e) => set('ends', e.currentTarget.value)} />
              {num('budget', M.budget, { min: 1, max: 100_000_000 })}
            </SimpleGrid>
            <Group>
              <Button onClick={create} loading={busy} disabled={form.advertiser.trim().length < 2 || form.title.trim().length < 2}>{M.create}</Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </StaffFrame>
  );
}
