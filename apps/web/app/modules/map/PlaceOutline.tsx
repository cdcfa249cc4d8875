import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { TPlaceOutline } from '@nj/contracts/places/schemas';
import { api } from '../api/client.ts';

/**
 * The outline of the place a listing page is narrowed to (issue 9 §2–§3), drawn on the listing map as a line with a
 * faint wash: GET /api/v1/places/{slug}/outline, the very area the searches use (an INEGI or colonia polygon, else
 * the place's bbox or a circle around its point). Drawn under the markers; nothing while loading or on a failure (the
 * list is filtered by the server either way). Must be a child of the map.
 */
export function PlaceOutline({ slug }: { slug: string }) {
  const outline = useQuery({
    queryKey: ['place-outline', slug],
    queryFn: ({ signal }) => api<TPlaceOutline>('GET', `/v1/places/${encodeURIComponent(slug)}/outline`, { signal }),
    staleTime: Infinity,
    retry: 1,
  });
  const feature = useMemo(() => (outline.data
    ? { type: 'Feature' as const, properties: {}, geometry: { type: 'MultiPolygon' as const, coordinates: outline.data.coordinates } }
    : null), [outline.data]);
  if (!feature) return null;
  return (
    <Source id="nj-place-outline" type="geojson" data={feature}>
      <Layer id="nj-place-outline-fill" type="fill" paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.04 }} />
      <Layer id="nj-place-outline-line" type="line" paint={{ 'line-color': '#1864ab', 'line-width': 2, 'line-opacity': 0.8 }} />
    </Source>
  );
}
