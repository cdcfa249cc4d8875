/**
 * The default MapLibre style (style spec v8) served by our own server, so the map works with no internet
 * (design.md "map"; issue 2 §5): a neutral background, the states filled as land with their outlines,
 * municipality outlines from zoom 7 and the Guadalajara/Zapopan colonia outlines from zoom 12. All sources are
 * GeoJSON served by `GET /api/v1/map/boundaries/{layer}.geojson` under `origin`. No text layers, so neither glyphs
 * nor sprites are needed (a page that draws text on the map must bring its own glyphs or use HTML markers).
 * `origin` is like 'https://example.mx' (no trailing slash); '' gives root-relative URLs.
 */
export function buildMapStyle(origin: string): Record<string, unknown> {
  const url = (layer: string) => `${origin}/api/v1/map/boundaries/${layer}.geojson`;
  return {
    version: 8,
    name: 'NJ México (sin conexión)',
    metadata: { attribution: 'Fuente: INEGI, Marco Geoestadístico 2025 (versión simplificada)' },
    center: [-102.39, 22.065],
    zoom: 4.5,
    sources: {
      states: { type: 'geojson', data: url('states'), attribution: 'INEGI', tolerance: 0.5 },
      municipalities: { type: 'geojson', data: url('municipalities'), tolerance: 0.5 },
      colonias: { type: 'geojson', data: url('colonias') },
    },
    layers: [
      // Outside Mexico (and while the outlines load) a neutral tone close to the land's, so the map never flashes blue.
      { id: 'background', type: 'background', paint: { 'background-color': '#e4e1d8' } },
      { id: 'land', type: 'fill', source: 'states', paint: { 'fill-color': '#f5f3ee', 'fill-antialias': false } },
      {
        id: 'colonias-fill', type: 'fill', source: 'colonias', minzoom: 12,
        paint: { 'fill-color': '#efe9dc', 'fill-opacity': 0.6 },
      },
      {
        id: 'colonias-line', type: 'line', source: 'colonias', minzoom: 12,
        paint: { 'line-color': '#d7cdb8', 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 16, 1.5] },
      },
      {
        id: 'municipalities-line', type: 'line', source: 'municipalities', minzoom: 7,
        paint: {
          'line-color': '#c8c1b1',
          'line-width': ['interpolate', ['linear'], ['zoom'], 7, 0.4, 12, 1.2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'states-line', type: 'line', source: 'states',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': '#9d9584', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 2] },
      },
    ],
  };
}
