import { describe, expect, it } from 'vitest';
import {
  DRAWN_AREA_LIMITS, ZDrawnAreaParam, ZNearParam, ZSearchArea, decodeDrawnArea, decodeNear, decodePolyline,
  encodeDrawnArea, encodeNear, encodePolyline, nearCirclePolygon, type TLngLat,
} from './drawn-area.ts';
import { DRAWN_AREA_MESSAGES as M } from './drawn-area-messages.ts';
import { DEFAULT_FILTER_STATE, filterStateFromQuery, filterStateToQuery, filterStateToSearchParams } from './filter-state.ts';

function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

describe('encoded polyline (Google algorithm, precision 5)', () => {
  it("encodes Google's documented example", () => {
    const pts: TLngLat[] = [[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]];
    expect(encodePolyline(pts)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual(pts);
  });

  it('round-trips random polygons exactly (5 decimals)', () => {
    const r = rng(7);
    for (let t = 0; t < 300; t++) {
      const polys = Array.from({ length: 1 + Math.floor(r() * 5) }, () =>
        Array.from({ length: 3 + Math.floor(r() * 98) }, (): TLngLat => [Math.round((-118 + r() * 32) * 1e5) / 1e5, Math.round((14 + r() * 19) * 1e5) / 1e5]));
      const text = encodeDrawnArea(polys);
      const back = decodeDrawnArea(text);
      if (text.length > DRAWN_AREA_LIMITS.maxEncodedLength) {
        expect(back.error).toBe(M.tooLong);
        continue;
      }
      expect(back.error).toBeUndefined();
      expect(encodeDrawnArea(back.polygons!)).toBe(text);
      back.polygons!.forEach((ring, i) => expect(ring.length).toBeLessThanOrEqual(polys[i]!.length));
    }
  });

  it('drops the closing vertex and repeats', () => {
    const ring: TLngLat[] = [[-103.4, 20.6], [-103.3, 20.6], [-103.3, 20.6], [-103.3, 20.7], [-103.4, 20.6]];
    expect(decodeDrawnArea(encodeDrawnArea([ring])).polygons).toEqual([[[-103.4, 20.6], [-103.3, 20.6], [-103.3, 20.7]]]);
  });
});

describe('limits and bad input', () => {
  const tri: TLngLat[] = [[-103.4, 20.6], [-103.3, 20.6], [-103.3, 20.7]];
  it('refuses malformed text, too many polygons, too few or too many vertices, zero area', () => {
    expect(decodeDrawnArea('!!!').error).toBe(M.invalidArea);
    expect(decodeDrawnArea('_p~iF~ps|U_ulL').error).toBe(M.invalidArea);
    expect(decodeDrawnArea('').error).toBe(M.invalidArea);
    expect(decodeDrawnArea(',').error).toBe(M.invalidArea);
    expect(decodeDrawnArea(encodeDrawnArea(Array(6).fill(tri))).error).toBe(M.tooManyPolygons(5));
    expect(decodeDrawnArea(encodeDrawnArea(Array(5).fill(tri))).polygons).toHaveLength(5);
    expect(decodeDrawnArea(encodeDrawnArea([tri.slice(0, 2)])).error).toBe(M.tooFewVertices(3));
    const many = Array.from({ length: 101 }, (_, i): TLngLat => [-103 + Math.cos(i / 16) * 0.1, 20 + Math.sin(i / 16) * 0.1]);
    expect(decodeDrawnArea(encodeDrawnArea([many])).error).toBe(M.tooManyVertices(100));
    expect(decodeDrawnArea(encodeDrawnArea([many.slice(0, 100)])).polygons).toHaveLength(1);
    expect(decodeDrawnArea(encodeDrawnArea([[[-103, 20], [-102, 20], [-101, 20]]])).error).toBe(M.invalidArea);
    expect(decodeDrawnArea('a'.repeat(4001)).error).toBe(M.tooLong);
    // Off the globe: latitude 100.
    expect(decodePolyline(encodePolyline([[0, 100]]))).toBeNull();
  });

  it('zod params give the Spanish reason', () => {
    expect(ZDrawnAreaParam.safeParse('xx').error?.issues[0]?.message).toBe(M.invalidArea);
    expect(ZDrawnAreaParam.safeParse(encodeDrawnArea([tri])).data).toEqual([tri]);
    expect(ZNearParam.safeParse('20.6,-103.4,3').error?.issues[0]?.message).toBe(M.invalidNear);
    expect(ZNearParam.safeParse('20.6,-103.4,2').data).toEqual({ lat: 20.6, lng: -103.4, radiusKm: 2 });
    expect(ZSearchArea.safeParse({ kind: 'polygons', polygons: [tri.slice(0, 2)] }).error?.issues[0]?.message).toBe(M.tooFewVertices(3));
    expect(ZSearchArea.safeParse({ kind: 'near', lat: 20.6, lng: -103.4, radiusKm: 5, label: 'Centro' }).success).toBe(true);
    expect(ZSearchArea.safeParse({ kind: 'near', lat: 20.6, lng: -103.4, radiusKm: 4, label: null }).success).toBe(false);
  });

  it('near: lat,lng,km with km 1/2/5/10', () => {
    expect(decodeNear(encodeNear({ lat: 20.674912345, lng: -103.387, radiusKm: 10 }))).toEqual({ lat: 20.67491, lng: -103.387, radiusKm: 10 });
    for (const bad of ['', '1,2', '20,-103,0', '20,-103,3', 'a,b,1', '91,0,1', '20,,1', '20,-103,1,4']) expect(decodeNear(bad)).toBeNull();
  });

  it('the circle polygon has its vertices at the radius', () => {
    const ring = nearCirclePolygon(20.67, -103.39, 2);
    expect(ring).toHaveLength(64);
    for (const [lng, lat] of ring) {
      const dy = (lat - 20.67) * 111.195;
      const dx = (lng + 103.39) * 111.195 * Math.cos((20.67 * Math.PI) / 180);
      expect(Math.hypot(dx, dy)).toBeCloseTo(2, 1);
    }
  });
});

describe('filter state field `area`', () => {
  it('round-trips polygons and near through the page URL and reaches the API params', () => {
    const tri: TLngLat[] = [[-103.4, 20.6], [-103.3, 20.6], [-103.3, 20.7]];
    const s1 = { ...DEFAULT_FILTER_STATE, area: { kind: 'polygons' as const, polygons: [tri] } };
    const q1 = filterStateToQuery(s1);
    expect(filterStateFromQuery(new URLSearchParams(q1.toString())).area).toEqual(s1.area);
    expect(filterStateToSearchParams(s1).area).toBe(encodeDrawnArea([tri]));
    const s2 = { ...DEFAULT_FILTER_STATE, area: { kind: 'near' as const, lat: 20.67, lng: -103.39, radiusKm: 5 as const, label: 'Av. Chapultepec, Guadalajara' } };
    const q2 = filterStateToQuery(s2);
    expect(q2.get('cerca')).toBe('20.67,-103.39,5');
    expect(filterStateFromQuery(new URLSearchParams(q2.toString())).area).toEqual(s2.area);
    expect(filterStateToSearchParams(s2).near).toBe('20.67,-103.39,5');
    expect(filterStateFromQuery(new URLSearchParams('area=zz!')).area).toBeNull();
    expect(filterStateFromQuery(new URLSearchParams('')).area).toBeNull();
  });
});
