import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge, CloseButton, Image, Paper, Stack, Text } from '@mantine/core';
import { ADS_MESSAGES as M } from '@nj/contracts/ads/messages';
import type { TMapAd, TMapAds } from '@nj/contracts/ads/schemas';
import { api } from '../api/client.ts';
import { clientId } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { useViewCount } from '../stats/useViewCounting.ts';
import { throttleAdsCall } from './ads-throttle.ts';
import './map-ads.css';

type Bounds = { north: number; south: number; east: number; west: number };

/** One throttled loader per page (spec 01 §7: repeats within 2.5 s reuse the answer; 500 ms after a failure). */
const loadAds = throttleAdsCall((key: string) => {
  const [lat, lng, zoom, d, cuid] = key.split('|');
  return api<TMapAds>('GET', '/v1/ads/map_search', { query: { cuid, lat, lng, zoom, d } });
});

/** The spot of a map view as the ads call takes it: centre (3 decimals), whole zoom, the half-diagonal in km (d). */
export function adsSpot(bounds: Bounds, zoom: number): { lat: number; lng: number; zoom: number; d: number } {
  const lat = (bounds.north + bounds.south) / 2;
  const lng = (bounds.east + bounds.west) / 2;
  const kmLat = ((bounds.north - bounds.south) / 2) * 111.32;
  const kmLng = ((bounds.east - bounds.west) / 2) * 111.32 * Math.cos((lat * Math.PI) / 180);
  const d = Math.min(2_000, Math.round(Math.hypot(kmLat, kmLng) * 10) / 10);
  return { lat: Math.round(lat * 1000) / 1000, lng: Math.round(lng * 1000) / 1000, zoom: Math.max(0, Math.min(22, Math.floor(zoom))), d };
}

/**
 * A map ad over the search map (issue 16 'Map ads'; spec 01 §3 Ad, §7): asks GET /v1/ads/map_search for the map's
 * centre, zoom and radius each time the camera settles (throttled: throttleAdsCall), and shows the first ad as a
 * small card in the map's corner: 'Publicidad', the image, the text and the advertiser, a link to the advertiser's
 * page or the listing (its click counted by POST /v1/ads/{ad_uid}/click), and a close button. The card's views
 * are counted as the ad's impressions (view counter, `ad_` items). A failed or throttled call shows nothing.
 */
export function MapAdSlot({ bounds, zoom }: { bounds: Bounds | null; zoom: number | null }) {
  const session = useOptionalSession();
  const cuid = session?.client ? clientId(session.client) : '';
  const [ad, setAd] = useState<TMapAd | null>(null);
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const key = useMemo(() => {
    if (!bounds || zoom === null) return null;
    const s = adsSpot(bounds, zoom);
    return `${s.lat}|${s.lng}|${s.zoom}|${s.d}|${cuid}`;
  }, [bounds, zoom, cuid]);

  useEffect(() => {
    if (!key) return;
    let live = true;
    loadAds(key).then(
      (data) => { if (live) setAd(data.ads.find((a) => !closed.has(a.ad_uid)) ?? null); },
      () => { /* a failed or throttled call keeps what is shown */ },
    );
    return () => { live = false; };
  }, [key, closed]);

  if (!ad) return null;
  return <MapAdCard ad={ad} onClose={() => { setClosed((c) => new Set(c).add(ad.ad_uid)); setAd(null); }} />;
}

function MapAdCard({ ad, onClose }: { ad: TMapAd; onClose: () => void }) {
  // The view counter keys ads as `ad_{id}`: the id is the ad_uid's part after 'ad_', so the key is the ad_uid.
  const viewRef = useViewCount<HTMLElement>('ad', ad.ad_uid.slice(3));
  const click = () => {
    void api('POST', `/v1/ads/${ad.ad_uid}/click`, { keepalive: true }).catch(() => undefined);
  };
  const target = ad.link_url
    ? <a href={ad.link_url} target="_blank" rel="noopener sponsored" onClick={click} className="nj-map-ad-link">{M.openAd}</a>
    : ad.listing ? <Link to={`/propiedades/${ad.listing.slug}`} onClick={click} className="nj-map-ad-link">{M.openAd}</Link> : null;
  return (
    <aside className="nj-map-ad" aria-label={M.sponsored} ref={viewRef} data-ad-uid={ad.ad_uid}>
      <Paper shadow="md" radius="md" p="xs" withBorder>
        <Stack gap={6}>
          <div className="nj-map-ad-head">
            <Badge size="sm" variant="light" color="gray">{M.sponsored}</Badge>
            <CloseButton size="sm" aria-label={M.closeAd} onClick={onClose} />
          </div>
          {ad.image_url ? <Image src={ad.image_url} alt={ad.title} radius="sm" h={96} fit="cover" /> : null}
          <Text fw={600} size="sm" lh={1.3}>{ad.title}</Text>
          <Text size="xs" c="dimmed">{ad.advertiser}</Text>
          {target}
        </Stack>
      </Paper>
    </aside>
  );
}
