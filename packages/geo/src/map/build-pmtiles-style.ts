import { layers, namedFlavor } from '@protomaps/basemaps';
import { MEXICO_TILE_BOUNDS } from './build-map-style.ts';

/** Path of the PMTiles archive on our server (GET, HEAD with byte ranges; apps/server routes/map/get-pmtiles.ts). */
export const PMTILES_PATH = '/api/v1/map/pmtiles/base.pmtiles';

/**
 * The style's layers with every font we do not ship (the Devanagari fallback the package names for Hindi labels)
 * replaced by Noto Sans Regular, so no glyph request is refused.
 */
function ourFonts<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/Noto Sans Devanagari Regular v1/g, 'Noto Sans Regular')) as T;
}

/**
 * The production base map's style (issue 9 §1; README "MAP_PMTILES_PATH"): the Protomaps basemap "light" flavour
 * from the maintained `@protomaps/basemaps` package, names in Spanish, over the PMTiles archive this server serves
 * by range requests (`pmtiles://` URL, read in the browser by the pmtiles protocol, web modules/map/BaseMap.tsx),
 * with our own glyphs (Noto Sans) and sprites, so nothing is fetched from a third party. The archive must follow the
 * Protomaps basemap schema (a Protomaps build or an extract of one). `origin` like 'https://example.mx'.
 */
export function buildPmtilesStyle(origin: string): Record<string, unknown> {
  return {
    version: 8,
    name: 'NJ México (Protomaps)',
    center: [-102.39, 22.065],
    zoom: 4.5,
    glyphs: `${origin}/api/v1/map/fonts/{fontstack}/{range}.pbf`,
    sprite: `${origin}/api/v1/map/sprites/light`,
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${origin}${PMTILES_PATH}`,
        bounds: MEXICO_TILE_BOUNDS,
        attribution: '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: ourFonts(layers('protomaps', namedFlavor('light'), { lang: 'es' })),
  };
}
