import type { FeatureCollection, Point } from 'geojson';
import type { TCluster } from '@nj/contracts/search/schemas';
import { clusterDiameterPx } from '@nj/contracts/map/cluster-size';

/** Source and layer ids of the invisible symbols that keep the base map's names out from under our markers. */
export const OCCLUDER_SOURCE = 'nj-marker-occluders';
export const OCCLUDER_IMAGE = 'nj-occluder';
/** Side of the transparent square image the cluster occluders scale (px). */
export const OCCLUDER_IMAGE_PX = 8;

/** A price pin, or a same-point group drawn as a chip like a pin (its members listed on click). */
export function isPinLike(c: TCluster): boolean {
  return c.count === 1 || (!!c.same_point && !!c.members?.length);
}

/** What a marker occupies on screen, for the occluder symbol of its kind. */
export type OccluderProps = { kind: 'pin'; label: string } | { kind: 'circle'; scale: number };

/**
 * The markers of the listing map as GeoJSON points for an invisible symbol layer on top of the style (issue 9 §1:
 * names must not collide with price pins). Price pins and same-point chips carry their label, drawn with the same
 * size as the HTML pin so MapLibre's collision box matches it; cluster circles carry the scale of a transparent
 * square that covers their diameter (clusterDiameterPx). MapLibre places the topmost symbol layer first, so the
 * base map's names go wherever these leave room.
 */
export function occluderFeatures(clusters: TCluster[], chipLabel: (count: number) => string): FeatureCollection<Point, OccluderProps> {
  return {
    type: 'FeatureCollection',
    features: clusters.map((c) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [c.lng, c.lat] },
      properties: isPinLike(c)
        ? { kind: 'pin', label: c.count === 1 ? c.price_label ?? '' : chipLabel(c.count) }
        : { kind: 'circle', scale: clusterDiameterPx(c.count) / OCCLUDER_IMAGE_PX },
    })),
  };
}
