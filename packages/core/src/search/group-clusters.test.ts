import { describe, expect, it } from 'vitest';
import type { TCluster } from '@nj/contracts';
import { clusterDiameterPx } from '@nj/contracts/map/cluster-size';
import { groupClusters } from './group-clusters.ts';
import { latToY, lngToX } from './index/mercator.ts';

function pin(uid: string, lat: number, lng: number, price = '$10 mil'): TCluster {
  return { lat, lng, count: 1, bounds: { north: lat, south: lat, east: lng, west: lng }, expansion_zoom: 18, uid, slug: `casa-${uid}`, price_label: price };
}

function cluster(count: number, lat: number, lng: number, span = 0.01): TCluster {
  return { lat, lng, count, bounds: { north: lat + span, south: lat - span, east: lng + span, west: lng - span }, expansion_zoom: 8 };
}

describe('groupClusters: listings at one point (issue 9 §1)', () => {
  it('turns pins at exactly one point into one group listing them, and leaves the others alone', () => {
    const out = groupClusters([
      pin('a', 20.67, -103.35, '$17.9 mil'), pin('b', 20.67, -103.35, '$25 mil'), pin('c', 20.68, -103.35), pin('d', 20.67, -103.35, '$1.2 M'),
    ], 16);
    expect(out).toHaveLength(2);
    const group = out.find((c) => c.same_point)!;
    expect(group).toMatchObject({ lat: 20.67, lng: -103.35, count: 3, same_point: true });
    expect(group.uid).toBeUndefined();
    expect(group.members).toEqual([
      { uid: 'a', slug: 'casa-a', price_label: '$17.9 mil' },
      { uid: 'b', slug: 'casa-b', price_label: '$25 mil' },
      { uid: 'd', slug: 'casa-d', price_label: '$1.2 M' },
    ]);
    expect(out.find((c) => c.uid === 'c')).toMatchObject({ count: 1, price_label: '$10 mil' });
  });

  it('keeps a group approximate only when all its listings are (issue 10: many imports share a colonia centre)', () => {
    const approx = (uid: string, lat: number) => ({ ...pin(uid, lat, -99.16), approximate: true });
    const out = groupClusters([approx('a', 19.41), approx('b', 19.41), approx('c', 19.42), pin('d', 19.42, -99.16)], 17);
    expect(out.find((c) => c.lat === 19.41)).toMatchObject({ count: 2, same_point: true, approximate: true });
    expect(out.find((c) => c.lat === 19.42)).toMatchObject({ count: 2, same_point: true });
    expect(out.find((c) => c.lat === 19.42)!.approximate).toBeUndefined();
  });

    it('lists at most 50 members of a large group but counts them all', () => {
    const out = groupClusters(Array.from({ length: 70 }, (_, i) => pin(`p${i}`, 19.4, -99.16)), 17);
    expect(out).toHaveLength(1);
    expect(out[0]!.count).toBe(70);
    expect(out[0]!.members).toHaveLength(50);
  });

  it('marks a cluster whose listings all share one point, so zooming in is not the way to split it', () => {
    const c: TCluster = { lat: 19.4, lng: -99.16, count: 12, bounds: { north: 19.4, south: 19.4, east: -99.16, west: -99.16 }, expansion_zoom: 12 };
    expect(groupClusters([c], 10)[0]).toMatchObject({ count: 12, same_point: true });
    expect(groupClusters([cluster(12, 19.4, -99.16)], 10)[0]!.same_point).toBeUndefined();
  });
});

describe('groupClusters: circles never overlap below pin zoom', () => {
  it('merges overlapping circles at national zoom, keeping the total and the larger one’s place', () => {
    // Guadalajara and Zapopan centres, ~8 km apart: one circle apart at zoom 12, overlapping at zoom 5.
    const input = [cluster(900, 20.67, -103.35), cluster(300, 20.72, -103.39), cluster(40, 25.67, -100.31)];
    const national = groupClusters(input, 5);
    expect(national).toHaveLength(2);
    expect(national.reduce((n, c) => n + c.count, 0)).toBe(1240);
    const gdl = national.find((c) => c.count === 1200)!;
    expect(gdl.lat).toBeCloseTo((20.67 * 900 + 20.72 * 300) / 1200, 6);
    expect(gdl.bounds.north).toBeCloseTo(20.73, 6);
    expect(groupClusters(input, 12)).toHaveLength(3);
  });

  it('leaves no two circles closer than their radii at any zoom', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const input = Array.from({ length: 400 }, () => cluster(2 + Math.floor(rand() * 5000), 15 + rand() * 17, -117 + rand() * 30));
    for (const zoom of [4, 5, 6, 8]) {
      const out = groupClusters(input, zoom);
      expect(out.reduce((n, c) => n + c.count, 0)).toBe(input.reduce((n, c) => n + c.count, 0));
      const scale = 256 * 2 ** zoom;
      for (let i = 0; i < out.length; i++) {
        for (let j = i + 1; j < out.length; j++) {
          const a = out[i]!; const b = out[j]!;
          const d = Math.hypot((lngToX(a.lng) - lngToX(b.lng)) * scale, (latToY(a.lat) - latToY(b.lat)) * scale);
          expect(d).toBeGreaterThanOrEqual((clusterDiameterPx(a.count) + clusterDiameterPx(b.count)) / 2);
        }
      }
    }
  });
});
