import { clusterDiameterPx, SAME_POINT_MEMBERS_MAX } from '@nj/contracts/map/cluster-size';
import type { TCluster } from '@nj/contracts';
import { latToY, lngToX, TILE_PX } from './index/mercator.ts';
import { PIN_ZOOM } from './index/property-index.ts';
/** Gap kept between two cluster circles, in CSS pixels. */
const CLUSTER_GAP_PX = 2;

type Member = NonNullable<TCluster['members']>[number];

/**
 * Groups the map's clusters so that nothing stacks (issue 9 §1; spec 01 §2 "clusters"):
 * - listings at exactly one point (common in imported data: a building, a development, a geocoded colonia
 *   centre) become one group `{ count, same_point: true, members }` instead of pins drawn on top of each other;
 *   `members` lists up to SAME_POINT_MEMBERS_MAX of them (uid, slug, price label) in the order given. A cluster
 *   whose listings all share one point is marked `same_point` too (zooming in cannot split it).
 * - below PIN_ZOOM, clusters whose circles (clusterDiameterPx at `zoom`) would overlap are merged, the larger
 *   absorbing the smaller (counts summed, position weighted by count, bounds joined), until none overlaps.
 * `zoom` is the map's zoom the clusters were made for. Returns a new array; the input is not changed.
 */
export function groupClusters(clusters: TCluster[], zoom: number): TCluster[] {
  const byPoint = new Map<string, TCluster>();
  const out: TCluster[] = [];
  for (const c of clusters) {
    if (c.count !== 1 || !c.uid) {
      const degenerate = c.count > 1 && c.bounds.north === c.bounds.south && c.bounds.east === c.bounds.west;
      out.push(degenerate ? { ...c, same_point: true } : c);
      continue;
    }
    const key = `${c.lat},${c.lng}`;
    const group = byPoint.get(key);
    const member: Member = { uid: c.uid, slug: c.slug ?? c.uid, price_label: c.price_label ?? '' };
    if (!group) {
      const first = { ...c };
      byPoint.set(key, first);
      out.push(first);
      continue;
    }
    if (group.count === 1) {
      group.members = [{ uid: group.uid!, slug: group.slug ?? group.uid!, price_label: group.price_label ?? '' }];
      group.same_point = true;
      delete group.uid;
      delete group.slug;
      delete group.price_label;
    }
    group.count += 1;
    if (group.approximate && !c.approximate) delete group.approximate; // approximate only when all its listings are
    if (group.members!.length < SAME_POINT_MEMBERS_MAX) group.members!.push(member);
  }
  return zoom >= PIN_ZOOM ? out : mergeOverlapping(out, zoom);
}

/** Merges cluster circles (count > 1) that overlap at `zoom`, repeating while a merge makes a new overlap. */
function mergeOverlapping(clusters: TCluster[], zoom: number): TCluster[] {
  const scale = TILE_PX * 2 ** zoom;
  const pins = clusters.filter((c) => c.count === 1);
  let circles = clusters.filter((c) => c.count > 1).map((c) => ({ ...c, bounds: { ...c.bounds } }));
  for (let pass = 0; pass < 8; pass++) {
    circles.sort((a, b) => b.count - a.count);
    const kept: TCluster[] = [];
    let merged = false;
    for (const c of circles) {
      const cx = lngToX(c.lng) * scale;
      const cy = latToY(c.lat) * scale;
      const into = kept.find((k) => {
        const d = Math.hypot(lngToX(k.lng) * scale - cx, latToY(k.lat) * scale - cy);
        return d < (clusterDiameterPx(k.count) + clusterDiameterPx(c.count)) / 2 + CLUSTER_GAP_PX;
      });
      if (!into) {
        kept.push(c);
        continue;
      }
      merged = true;
      const n = into.count + c.count;
      into.lat = (into.lat * into.count + c.lat * c.count) / n;
      into.lng = (into.lng * into.count + c.lng * c.count) / n;
      into.count = n;
      into.bounds = {
        north: Math.max(into.bounds.north, c.bounds.north), south: Math.min(into.bounds.south, c.bounds.south),
        east: Math.max(into.bounds.east, c.bounds.east), west: Math.min(into.bounds.west, c.bounds.west),
      };
      into.expansion_zoom = Math.min(into.expansion_zoom, c.expansion_zoom);
      if (!(into.same_point && c.same_point && into.lat === c.lat && into.lng === c.lng)) {
        delete into.same_point;
        delete into.members;
      }
    }
    circles = kept;
    if (!merged) break;
  }
  return [...circles, ...pins];
}
