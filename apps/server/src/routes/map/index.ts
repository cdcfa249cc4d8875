import type { RouteRegistration } from '../define-route.ts';
import getMapStyle from './get-map-style.ts';
import getBoundaries from './get-boundaries.ts';
import getTile from './get-tile.ts';
import getGlyphs from './get-glyphs.ts';
import getPmtiles from './get-pmtiles.ts';
import getSprite from './get-sprite.ts';

/** The map's endpoint files (style, base tiles, glyphs, sprites, the PMTiles archive, boundary files), registered through routes/index.ts. */
export const mapRoutes: RouteRegistration[] = [getMapStyle, getBoundaries, getTile, getGlyphs, getSprite, getPmtiles];
