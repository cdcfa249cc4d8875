import { BASE_TILES_MAX_ZOOM, LABEL_MIN_ZOOM, STREET_MIN_ZOOM } from './base-tiles.ts';

/** Font stacks the offline style uses; each is shipped as glyph PBFs (`glyphs/<stack>/<range>.pbf`). */
export const MAP_FONTS = { regular: ['Noto Sans Regular'], medium: ['Noto Sans Medium'], italic: ['Noto Sans Italic'] } as const;

/** The map's extent in degrees [west, south, east, north]: Mexico with a margin; no base tile is asked for outside. */
export const MEXICO_TILE_BOUNDS: [number, number, number, number] = [-118.9, 14.0, -86.2, 33.0];

/** Id of the first label layer: a layer meant to sit under every name (a data overlay) goes before it. */
export const FIRST_LABEL_LAYER_ID = 'streets-label';

/** Zoom from which street names are drawn along their lines (issue 9 §1). */
export const STREET_LABEL_MIN_ZOOM = 15;

/**
 * Width in px of a street line by class and zoom (a MapLibre expression), plus `extra` for the casing drawn under it.
 */
function streetWidth(extra: number): unknown[] {
  const byClass = (highway: number, major: number, minor: number, street: number, path: number) =>
    ['match', ['get', 'class'], 'highway', highway + extra, 'major', major + extra, 'minor', minor + extra, 'path', path + extra * 0.5, street + extra];
  return ['interpolate', ['exponential', 1.6], ['zoom'], 12, byClass(1.6, 1.2, 0.8, 0.4, 0.3), 14, byClass(3.5, 2.6, 1.8, 1.2, 0.6),
    17, byClass(12, 10, 8, 6.5, 2)];
}

const halo = { 'text-halo-color': 'rgba(255,255,255,0.92)', 'text-halo-width': 1.4, 'text-halo-blur': 0.3 };

/**
 * The default MapLibre style (style spec v8) served by our own server, so the map works with no internet
 * (design.md "map"; issue 2 §5, issue 9 §1): a neutral background, the states filled as land with their outlines,
 * municipality outlines from zoom 7 and colonia outlines from zoom 12, and names: states (zoom 3–8), localities by
 * population (the largest cities from zoom 4, towns of 1,000 from zoom 11), municipalities whose seat has another
 * name (from 9) and colonias (from 13 at their label point, from 15 inside their outline in every tile); streets where
 * data/streets has them (OpenStreetMap and INEGI, Guadalajara: the main roads from zoom 12, every street from 14,
 * names along the lines from 15, placed after every other name). One vector source, `base`, cut by `GET /api/v1/map/tiles/{z}/{x}/{y}.pbf`;
 * glyphs (Noto Sans, SIL OFL) from `GET /api/v1/map/fonts/{fontstack}/{range}.pbf`, both under `origin`.
 * Price pins drawn as HTML markers keep the names out from under them with an invisible symbol layer of their own
 * put on top (web: modules/map/pin-occluders.ts), which MapLibre places first.
 * `origin` is like 'https://example.mx' (no trailing slash); '' gives root-relative URLs.
 */
export function buildMapStyle(origin: string): Record<string, unknown> {
  const label = (kind: string) => ['==', ['get', 'kind'], kind];
  return {
    version: 8,
    name: 'NJ México (sin conexión)',
    metadata: { attribution: 'Fuente: INEGI, Marco Geoestadístico 2025 y Censo 2020 (versión simplificada); calles: INEGI y © colaboradores de OpenStreetMap (ODbL)' },
    center: [-102.39, 22.065],
    zoom: 4.5,
    glyphs: `${origin}/api/v1/map/fonts/{fontstack}/{range}.pbf`,
    sources: {
      base: {
        type: 'vector',
        tiles: [`${origin}/api/v1/map/tiles/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: BASE_TILES_MAX_ZOOM,
        bounds: MEXICO_TILE_BOUNDS,
        // The credits data/boundaries/SOURCE.md and data/places/SOURCE.md ask for, shortened for the map's corner.
        attribution: 'Fuente: INEGI · Colonias: Gobierno de la CDMX (CC BY 4.0), CONAPO, Guadalajara y Zapopan (vía ESDATA)'
          + ' · Calles: INEGI, © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: [
      // Outside Mexico (and while the tiles load) a neutral tone close to the land's, so the map never flashes blue.
      { id: 'background', type: 'background', paint: { 'background-color': '#e4e1d8' } },
      { id: 'land', type: 'fill', source: 'base', 'source-layer': 'states', paint: { 'fill-color': '#f5f3ee', 'fill-antialias': false } },
      {
        id: 'colonias-fill', type: 'fill', source: 'base', 'source-layer': 'colonias', minzoom: 12,
        paint: { 'fill-color': '#efe9dc', 'fill-opacity': 0.6 },
      },
      {
        id: 'colonias-line', type: 'line', source: 'base', 'source-layer': 'colonias', minzoom: 12,
        paint: { 'line-color': '#d7cdb8', 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 16, 1.5] },
      },
      {
        // Streets (data/streets): a darker casing under a light line, widths by class and zoom; the main roads from
        // zoom 12, the rest from 14 (the tiles carry each class only from its zoom: STREET_MIN_ZOOM).
        id: 'streets-casing', type: 'line', source: 'base', 'source-layer': 'streets', minzoom: STREET_MIN_ZOOM.major,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#d6cdbb', 'line-width': streetWidth(1.6) },
      },
      {
        id: 'streets-line', type: 'line', source: 'base', 'source-layer': 'streets', minzoom: STREET_MIN_ZOOM.major,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': ['match', ['get', 'class'], 'highway', '#f6d58e', 'major', '#fbeac0', 'path', '#f1ede4', '#ffffff'],
          'line-width': streetWidth(0),
        },
      },
      {
        id: 'municipalities-line', type: 'line', source: 'base', 'source-layer': 'municipalities', minzoom: 7,
        // Solid, not dashed: dashes over thousands of municipal outlines made each frame of a drag at zoom 7 about
        // 60 % longer (docs/benchmarks.md "Base map").
        paint: { 'line-color': '#d3ccbd', 'line-width': ['interpolate', ['linear'], ['zoom'], 7, 0.5, 12, 1.2] },
      },
      {
        id: 'states-line', type: 'line', source: 'base', 'source-layer': 'states',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': '#9d9584', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 2] },
      },
      {
        // Street names along their lines from zoom 15, the lowest symbol layer: every other name (and the price pins'
        // occluders, on top) is placed before them, so a street name gives way wherever it would collide.
        id: FIRST_LABEL_LAYER_ID, type: 'symbol', source: 'base', 'source-layer': 'streets', minzoom: STREET_LABEL_MIN_ZOOM,
        filter: ['has', 'name'],
        layout: {
          'symbol-placement': 'line', 'symbol-spacing': 320, 'text-field': ['get', 'name'], 'text-font': MAP_FONTS.regular,
          'text-size': ['interpolate', ['linear'], ['zoom'], 15, 11, 17, 13], 'text-max-angle': 30, 'text-padding': 2,
          'text-rotation-alignment': 'map', 'text-pitch-alignment': 'viewport',
        },
        paint: { 'text-color': '#57514a', ...halo },
      },
      {
        // Zoomed in past the colonia's own label point, its name is drawn inside its outline once per tile (a tile is
        // 512 px wide up to zoom 17), so every view of a few blocks still says which colonia it is.
        id: 'colonias-area-label', type: 'symbol', source: 'base', 'source-layer': 'colonias', minzoom: 15,
        layout: {
          'text-field': ['get', 'name'], 'text-font': MAP_FONTS.regular, 'text-size': 13, 'text-max-width': 7,
          'text-padding': 24,
        },
        paint: { 'text-color': '#6a604c', ...halo },
      },
      {
        id: 'colonias-label', type: 'symbol', source: 'base', 'source-layer': 'places', minzoom: LABEL_MIN_ZOOM.colonia,
        maxzoom: 15, filter: label('colonia'),
        layout: {
          'text-field': ['get', 'name'], 'text-font': MAP_FONTS.regular,
          'text-size': ['interpolate', ['linear'], ['zoom'], 13, 11, 16, 13.5], 'text-max-width': 7, 'text-padding': 4,
        },
        paint: { 'text-color': '#6a604c', ...halo },
      },
      {
        id: 'municipalities-label', type: 'symbol', source: 'base', 'source-layer': 'places',
        minzoom: LABEL_MIN_ZOOM.municipality, maxzoom: 13, filter: label('municipality'),
        layout: {
          'text-field': ['get', 'name'], 'text-font': MAP_FONTS.italic, 'text-size': 12, 'text-max-width': 8,
          'text-padding': 6, 'symbol-sort-key': ['-', 0, ['get', 'rank']],
        },
        paint: { 'text-color': '#74695a', ...halo },
      },
      {
        id: 'localities-label', type: 'symbol', source: 'base', 'source-layer': 'places', minzoom: 4, maxzoom: 16,
        filter: label('locality'),
        layout: {
          'text-field': ['get', 'name'], 'text-font': MAP_FONTS.medium,
          'text-size': [
            'interpolate', ['linear'], ['zoom'],
            4, ['step', ['get', 'rank'], 10, 1_000_000, 12],
            9, ['step', ['get', 'rank'], 11.5, 100_000, 13.5, 1_000_000, 15],
            14, ['step', ['get', 'rank'], 13, 100_000, 16],
          ],
          'text-max-width': 8, 'text-padding': 4, 'symbol-sort-key': ['-', 0, ['get', 'rank']],
        },
        paint: { 'text-color': '#2f2b24', ...halo },
      },
      {
        id: 'states-label', type: 'symbol', source: 'base', 'source-layer': 'places', minzoom: LABEL_MIN_ZOOM.state, maxzoom: 8,
        filter: label('state'),
        layout: {
          'text-field': ['get', 'name'], 'text-font': MAP_FONTS.medium, 'text-transform': 'uppercase',
          'text-letter-spacing': 0.08, 'text-size': ['interpolate', ['linear'], ['zoom'], 4, 9.5, 7, 13], 'text-max-width': 7,
        },
        paint: { 'text-color': '#8a8172', ...halo },
      },
    ],
  };
}
