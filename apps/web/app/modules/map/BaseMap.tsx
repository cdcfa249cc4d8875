import 'maplibre-gl/dist/maplibre-gl.css';
import { forwardRef, type ReactNode } from 'react';
import Map, { NavigationControl, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
// MapLibre 6 runs its tiles in a module worker shipped as a separate file; Vite copies it and gives its URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { loadMapLib } from './map-lib.ts';

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

/**
 * A MapLibre map through react-map-gl with our style, the worker file and a zoom control. Client-rendered; MapLibre
 * (and the PMTiles reader when the style uses it) is loaded by `loadMapLib`.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { styleUrl, initialView, children, onMoveEnd, onLoad, interactive = true, ariaLabel, className },
  ref,
) {
  return (
    <div className={className ?? 'nj-map'} role="region" aria-label={ariaLabel}>
      <Map
        ref={ref}
        mapLib={loadMapLib()}
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
    </div>
  );
});
