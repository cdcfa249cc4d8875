import type { AddProtocolAction } from 'maplibre-gl';

type MapLibModule = typeof import('maplibre-gl');
let loaded: Promise<MapLibModule> | null = null;
let pmtiles: Promise<{ tile: AddProtocolAction }> | null = null;

/**
 * Reads `pmtiles://…` sources (the production base map, MAP_PMTILES_PATH) with the maintained `pmtiles` reader,
 * which asks our server for byte ranges. The reader is loaded the first time a style names such a source, so the
 * default offline style costs nothing more.
 */
const pmtilesProtocol: AddProtocolAction = async (params, abortController) => {
  pmtiles ??= import('pmtiles').then(({ Protocol }) => new Protocol({ metadata: true }) as unknown as { tile: AddProtocolAction });
  return (await pmtiles).tile(params, abortController);
};

/**
 * MapLibre GL, loaded once after the page's first paint (react-map-gl's `mapLib`), with the `pmtiles` protocol
 * registered.
 */
export function loadMapLib(): Promise<MapLibModule> {
  loaded ??= import('maplibre-gl').then((module) => {
    const lib = ('addProtocol' in module ? module : (module as unknown as { default: MapLibModule }).default);
    lib.addProtocol('pmtiles', pmtilesProtocol);
    return lib;
  });
  return loaded;
}
