import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import {
  DRAWN_AREA_LIMITS, drawnAreaProblem, normalizeDrawnPolygon, searchAreaPolygons, type TDrawnPolygon, type TLngLat,
  type TSearchArea,
} from '@nj/contracts/search/drawn-area';
import { DRAWN_AREA_MESSAGES as M } from '@nj/contracts/search/drawn-area-messages';
import { NearControl } from './NearControl.tsx';

type Draw = import('terra-draw').TerraDraw;
type Mode = 'idle' | 'drawing' | 'editing';

/** At most DRAWN_AREA_LIMITS.maxVertices vertices: every k-th one of a longer ring (a hand-drawn ring rarely is). */
function thin(ring: TDrawnPolygon): TDrawnPolygon {
  if (ring.length <= DRAWN_AREA_LIMITS.maxVertices) return ring;
  const step = ring.length / DRAWN_AREA_LIMITS.maxVertices;
  return Array.from({ length: DRAWN_AREA_LIMITS.maxVertices }, (_, i) => ring[Math.floor(i * step)]!);
}

/** The drawn polygons terra-draw holds, as the contract keeps them (normalised, limits kept; invalid ones dropped). */
function polygonsOf(draw: Draw): TDrawnPolygon[] {
  const rings = draw.getSnapshot()
    .filter((f) => f.geometry.type === 'Polygon')
    .map((f) => thin(normalizeDrawnPolygon((f.geometry.coordinates as TLngLat[][])[0] ?? [])))
    .filter((ring) => drawnAreaProblem([ring]) === null);
  return rings.slice(0, DRAWN_AREA_LIMITS.maxPolygons);
}

/**
 * The search area on the listing map (issue 17 "Draw your area"; decision 038), a child of the map: the drawn
 * polygons or the 'cerca de' circle shown as a line with a faint wash, and the controls (Spanish buttons, reachable
 * by keyboard): 'Dibujar área' starts terra-draw's polygon mode (click each point, click the first point or press
 * Enter to close; each closed polygon searches at once), 'Dibujar otra área', 'Editar áreas' (terra-draw's select
 * mode: drag vertices and midpoints), 'Listo', 'Borrar áreas', and 'Cerca de…' (NearControl). `onChange` gets the
 * new area (null when cleared); the page puts it into the filter state, so the address, the search, the clusters and
 * the count follow it.
 */
export function DrawAreaTool({ area, onChange }: { area: TSearchArea | null; onChange: (area: TSearchArea | null) => void }) {
  const { current: mapRef } = useMap();
  const drawRef = useRef<Draw | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const stop = useCallback(() => {
    const draw = drawRef.current;
    drawRef.current = null;
    if (draw?.enabled) draw.stop();
    setMode('idle');
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(async (next: 'polygon' | 'select') => {
    const map = mapRef?.getMap();
    if (!map) return;
    let draw = drawRef.current;
    if (!draw) {
      const [{ TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode }, { TerraDrawMapLibreGLAdapter }] = await Promise.all([
        import('terra-draw'), import('terra-draw-maplibre-gl-adapter'),
      ]);
      draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new TerraDrawPolygonMode({
            styles: { fillColor: '#1c7ed6', fillOpacity: 0.12, outlineColor: '#1864ab', outlineWidth: 2, closingPointColor: '#1864ab' },
          }),
          new TerraDrawSelectMode({
            flags: { polygon: { feature: { draggable: true, coordinates: { midpoints: true, draggable: true, deletable: true } } } },
          }),
        ],
      });
      draw.start();
      // The polygons already in the address are edited, not drawn again.
      if (area?.kind === 'polygons') {
        draw.addFeatures(area.polygons.map((ring) => ({
          type: 'Feature' as const, properties: { mode: 'polygon' },
          geometry: { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] },
        })));
      }
      const d = draw;
      d.on('finish', () => {
        const polygons = polygonsOf(d);
        onChangeRef.current(polygons.length ? { kind: 'polygons', polygons } : null);
      });
      drawRef.current = draw;
    }
    draw.setMode(next);
    setMode(next === 'polygon' ? 'drawing' : 'editing');
  }, [mapRef, area]);

  const clear = useCallback(() => {
    stop();
    onChange(null);
  }, [stop, onChange]);

  const count = area?.kind === 'polygons' ? area.polygons.length : 0;
  const feature = useMemo(() => (area
    ? {
      type: 'Feature' as const, properties: {},
      geometry: { type: 'MultiPolygon' as const, coordinates: searchAreaPolygons(area).map((ring) => [[...ring, ring[0]!]]) },
    }
    : null), [area]);

  return (
    <>
      {feature && mode === 'idle' ? (
        <Source id="nj-drawn-area" type="geojson" data={feature}>
          <Layer id="nj-drawn-area-fill" type="fill" paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.1 }} />
          <Layer id="nj-drawn-area-line" type="line" paint={{ 'line-color': '#1864ab', 'line-width': 2.5 }} />
        </Source>
      ) : null}
      <Paper className="nj-draw-tools" shadow="sm" p={6} radius="md" role="group" aria-label={M.drawingToolsLabel}>
        <Group gap={6} wrap="wrap">
          {mode === 'idle' ? (
            <>
              <Button size="xs" variant={count ? 'light' : 'filled'} onClick={() => void start(count ? 'select' : 'polygon')}>
                {count ? M.editArea : M.drawArea}
              </Button>
              {area?.kind !== 'polygons' ? <NearControl area={area} onChange={onChange} /> : null}
              {area ? <Button size="xs" variant="default" c="red.9" onClick={clear}>{area.kind === 'near' ? M.nearClear : M.clearArea}</Button> : null}
            </>
          ) : (
            <>
              {mode === 'editing' && count < DRAWN_AREA_LIMITS.maxPolygons ? (
                <Button size="xs" variant="light" onClick={() => void start('polygon')}>{M.drawAnother}</Button>
              ) : null}
              {mode === 'drawing' && count > 0 ? <Button size="xs" variant="light" onClick={() => void start('select')}>{M.editArea}</Button> : null}
              <Button size="xs" onClick={stop}>{M.stopEditing}</Button>
              <Button size="xs" variant="default" c="red.9" onClick={clear}>{M.clearArea}</Button>
            </>
          )}
        </Group>
        {mode === 'drawing' ? <Text size="xs" mt={4} maw={260} role="status">{M.drawingHint}</Text> : null}
        {mode === 'idle' && area ? (
          <Text size="xs" mt={4} maw={260} data-testid="drawn-area-status">
            {area.kind === 'polygons' ? M.drawnAreaActive(count)
              : area.label ? M.nearActive(area.label, area.radiusKm) : M.nearActiveNoLabel(area.radiusKm)}
          </Text>
        ) : null}
      </Paper>
    </>
  );
}
