import { forwardRef, useEffect, useState, type ReactNode } from 'react';
import Map, { NavigationControl, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
// MapLibre 6 runs its tiles in a module worker shipped as a separate file; Vite copies it and gives its URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { loadMapLib } from './map-lib.ts';

type MapLibModule = Awaited<ReturnType<typeof loadMapLib>>;

/** Absolute style URL: our offline style (/api/v1/map/style.json) unless MAP_STYLE_URL overrides it. */
export function resolveStyleUrl(styleUrl: string): string {
  if (typeof window === 'undefined') return styleUrl;
  return new URL(styleUrl, window.location.href).href;
}

export type BaseMapProps = {
  styleUrl: string;
  initialView: { bounds: [number, number, number, number] } | { latitude: number; longitude: number; zoom: number };
  children?: ReactNode;
  onMoveEnd?: (e: ViewStateChangeEvent) => void;
  onLoad?: () => void;
  interactive?: boolean;
  ariaLabel: string;
  className?: string;
};

/** Longest wait for an idle moment before the map is created anyway, ms. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * MapLibre (and its stylesheet), once `element` has a size on screen and the browser is idle after the page's
 * first paint; null until then. A map hidden at first (the list view on a phone) costs nothing until it shows.
 */
function useMapLibWhenShown(element: HTMLElement | null): MapLibModule | null {
  const [shown, setShown] = useState(false);
  const [lib, setLib] = useState<MapLibModule | null>(null);
  useEffect(() => {
    if (!element || shown) return;
    const check = () => {
      if (element.clientWidth > 0 && element.clientHeight > 0) setShown(true);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, shown]);
  useEffect(() => {
    if (!shown || lib) return;
    let cancelled = false;
    const load = () => {
      void Promise.all([loadMapLib(), import('maplibre-gl/dist/maplibre-gl.css')]).then(([module]) => {
        if (!cancelled) setLib(module);
      });
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(load, 0);
    return () => {
      cancelled = true;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [shown, lib]);
  return lib;
}

/**
 * A MapLibre map through react-map-gl with our style, the worker file and a zoom control. The server and the first
 * client render give only its frame (same size, so nothing moves when the map comes); MapLibre, its stylesheet and
 * the map itself come once the frame is on screen and the page is idle (issue 9 §8 "Fast on a phone": the library,
 * the style and the tiles stay off the first paint, and a phone showing the list never loads them). The PMTiles
 * reader is registered by `loadMapLib`.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { styleUrl, initialView, children, onMoveEnd, onLoad, interactive = true, ariaLabel, className },
  ref,
) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const mapLib = useMapLibWhenShown(frame);
  return (
    <div ref={setFrame} className={className ?? 'nj-map'} role="region" aria-label={ariaLabel}>
      {mapLib ? (
        <Map
          ref={ref}
          mapLib={mapLib}
          workerUrl={workerUrl}
          mapStyle={resolveStyleUrl(styleUrl)}
          initialViewState={'bounds' in initialView ? { bounds: initialView.bounds } : initialView}
          style={{ width: '100%', height: '100%' }}
          onMoveEnd={onMoveEnd}
          onLoad={onLoad}
          interactive={interactive}
          dragRotate={false}
          pitchWithRotate={false}
          touchPitch={false}
          minZoom={3}
          maxZoom={19}
          attributionControl={{ compact: true }}
        >
          {interactive ? <NavigationControl position="top-right" showCompass={false} /> : null}
          {children}
        </Map>
      ) : null}
    </div>
  );
});
