import { forwardRef, memo } from 'react';
import { Marker, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import type { TCluster } from '@nj/contracts/search/schemas';
import { formatNumber } from '../properties/format.ts';
import { BaseMap, type BaseMapProps } from './BaseMap.tsx';

/** Cluster circle size grows with the log of its count (px). */
export function clusterSize(count: number): number {
  return Math.round(Math.min(64, 30 + Math.log10(Math.max(1, count)) * 10));
}

const Markers = memo(function Markers({
  clusters, selectedUid, onCluster, onPin,
}: {
  clusters: TCluster[];
  selectedUid: string | null;
  onCluster: (c: TCluster) => void;
  onPin: (c: TCluster) => void;
}) {
  return (
    <>
      {clusters.map((c) => {
        if (c.count === 1 && c.uid) {
          const selected = c.uid === selectedUid;
          return (
            <Marker key={`p-${c.uid}`} latitude={c.lat} longitude={c.lng} anchor="bottom" style={{ zIndex: selected ? 3 : 1 }}>
              <button
                type="button"
                className="nj-pin"
                data-selected={selected || undefined}
                aria-label={F.pinLabel(c.price_label ?? '')}
                onClick={(e) => {
                  e.stopPropagation();
                  onPin(c);
                }}
              >
                {c.price_label}
              </button>
            </Marker>
          );
        }
        const size = clusterSize(c.count);
        const label = c.count >= 100_000 ? `${Math.round(c.count / 1000)} mil` : formatNumber(c.count);
        return (
          <Marker key={`c-${c.lat}-${c.lng}-${c.count}`} latitude={c.lat} longitude={c.lng} anchor="center" style={{ zIndex: 2 }}>
            <button
              type="button"
              className="nj-cluster"
              style={{ minWidth: size, height: size }}
              aria-label={F.clusterLabel(formatNumber(c.count))}
              onClick={(e) => {
                e.stopPropagation();
                onCluster(c);
              }}
            >
              {label}
            </button>
          </Marker>
        );
      })}
    </>
  );
});

/**
 * The listing map (spec 01 §2, §4): clusters as circles with their count (a click zooms to where they break apart)
 * and single listings as price pins (a click selects the listing). `onMoveEnd` reports every camera change.
 */
export const SearchMap = forwardRef<MapRef, {
  styleUrl: string;
  initialView: BaseMapProps['initialView'];
  clusters: TCluster[];
  selectedUid: string | null;
  onMoveEnd: (e: ViewStateChangeEvent) => void;
  onLoad: () => void;
  onPin: (c: TCluster) => void;
  onMapClick?: () => void;
  children?: React.ReactNode;
}>(function SearchMap({ styleUrl, initialView, clusters, selectedUid, onMoveEnd, onLoad, onPin, children }, ref) {
  const onCluster = (c: TCluster) => {
    const map = (ref as React.RefObject<MapRef | null>).current;
    if (!map) return;
    const zoom = Math.min(Math.max(c.expansion_zoom, map.getZoom() + 1), 18);
    map.flyTo({ center: [c.lng, c.lat], zoom, duration: 600 });
  };
  return (
    <BaseMap ref={ref} styleUrl={styleUrl} initialView={initialView} onMoveEnd={onMoveEnd} onLoad={onLoad} ariaLabel={F.map} className="nj-search-map">
      <Markers clusters={clusters} selectedUid={selectedUid} onCluster={onCluster} onPin={onPin} />
      {children}
    </BaseMap>
  );
});
