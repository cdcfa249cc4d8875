import { describe, expect, it } from 'vitest';
import type { TCluster } from '@nj/contracts/search/schemas';
import { clusterDiameterPx } from '@nj/contracts/map/cluster-size';
import { panToFit } from './KeepPopupsInView.tsx';
import { isPinLike, OCCLUDER_IMAGE_PX, occluderFeatures } from './pin-occluders.ts';

const map = { left: 0, top: 0, right: 600, bottom: 400 };

describe('panToFit: a popup is never cut off by the map edge (issue 9 §1)', () => {
  it('leaves a popup inside the map where it is', () => {
    expect(panToFit({ left: 100, top: 100, right: 400, bottom: 300 }, map)).toEqual([0, 0]);
  });

  it('pans by what sticks out, plus an 8 px margin', () => {
    expect(panToFit({ left: -50, top: 20, right: 250, bottom: 220 }, map)).toEqual([-58, 0]);
    expect(panToFit({ left: 400, top: -30, right: 700, bottom: 270 }, map)).toEqual([108, -38]);
    expect(panToFit({ left: 100, top: 250, right: 400, bottom: 450 }, map)).toEqual([0, 58]);
  });

  it('keeps the top-left corner of a popup larger than the map in view', () => {
    expect(panToFit({ left: 100, top: 50, right: 800, bottom: 300 }, map)).toEqual([92, 0]);
  });
});

describe('occluderFeatures: the markers as invisible symbols the base map’s names keep away from', () => {
  const pin: TCluster = { lat: 20.6, lng: -103.4, count: 1, bounds: { north: 20.6, south: 20.6, east: -103.4, west: -103.4 }, expansion_zoom: 18, uid: 'a', price_label: '$17.9 mil' };
  const group: TCluster = { ...pin, count: 3, uid: undefined, same_point: true, members: [{ uid: 'a', slug: 'casa-en-venta-a', price_label: '$1 M' }] };
  const circle: TCluster = { lat: 20.7, lng: -103.3, count: 120, bounds: { north: 20.8, south: 20.6, east: -103.2, west: -103.4 }, expansion_zoom: 12 };

  it('gives pins and same-point chips their label and circles their diameter', () => {
    const fc = occluderFeatures([pin, group, circle], (n) => `${n} aquí`);
    expect(fc.features.map((f) => f.properties)).toEqual([
      { kind: 'pin', label: '$17.9 mil' },
      { kind: 'pin', label: '3 aquí' },
      { kind: 'circle', scale: clusterDiameterPx(120) / OCCLUDER_IMAGE_PX },
    ]);
    expect(fc.features[2]!.geometry.coordinates).toEqual([-103.3, 20.7]);
  });

  it('draws a same-point cluster without its members as a circle (zooming in lists them)', () => {
    expect(isPinLike({ ...circle, same_point: true })).toBe(false);
    expect(isPinLike(group)).toBe(true);
  });
});
