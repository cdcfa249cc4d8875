import './map.css';
import { forwardRef, memo, useEffect, useState } from 'react';
import { Layer, Marker, Popup, Source, useMap, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { CloseButton } from '@mantine/core';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { MAP_MESSAGES as M } from '@nj/contracts/map/messages';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { clusterDiameterPx } from '@nj/contracts/map/cluster-size';
import type { TCluster } from '@nj/contracts/search/schemas';
import { formatNumber } from '../properties/format.ts';
import { BaseMap, type BaseMapProps } from './BaseMap.tsx';
import { KeepPopupsInView } from './KeepPopupsInView.tsx';
import { isPinLike, OCCLUDER_IMAGE, OCCLUDER_IMAGE_PX, OCCLUDER_SOURCE, occluderFeatures } from './pin-occluders.ts';

/** Cluster circle size grows with the log of its count (px); the search merges circles that would overlap. */
export const clusterSize = clusterDiameterPx;

/** Zoom at which every listing is a pin: a same-point cluster flies here to become a list. */
const PIN_ZOOM = 16;

const chipLabel = (count: number) => M.samePointChip(formatNumber(count));

/** The property type a listing's slug starts with ('departamento-en-renta-en-…' → 'Departamento'), or ''. */
export function typeFromSlug(slug: string): string {
  const head = slug.split('-en-')[0] ?? '';
  if (!head || head === slug) return '';
  const words = head.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A listing of a same-point group as the single-listing cluster the page's pin popup expects. */
function memberAsPin(group: TCluster, m: NonNullable<TCluster['members']>[number]): TCluster {
  const { lat, lng } = group;
  return { lat, lng, count: 1, bounds: { north: lat, south: lat, east: lng, west: lng }, expansion_zoom: 18, ...m };
}

const Markers = memo(function Markers({
  clusters, selectedUid, openGroup, onCluster, onPin, onGroup,
}: {
  clusters: TCluster[];
  selectedUid: string | null;
  openGroup: TCluster | null;
  onCluster: (c: TCluster) => void;
  onPin: (c: TCluster) => void;
  onGroup: (c: TCluster) => void;
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
                data-approximate={c.approximate || undefined}
                aria-label={c.approximate ? P.approximatePinLabel(F.pinLabel(c.price_label ?? '')) : F.pinLabel(c.price_label ?? '')}
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
        if (isPinLike(c)) {
          const open = openGroup !== null && openGroup.lat === c.lat && openGroup.lng === c.lng;
          const selected = open || (c.members ?? []).some((m) => m.uid === selectedUid);
          return (
            <Marker key={`g-${c.lat}-${c.lng}`} latitude={c.lat} longitude={c.lng} anchor="bottom" style={{ zIndex: selected ? 3 : 2 }}>
              <button
                type="button"
                className="nj-pin nj-pin-group"
                data-selected={selected || undefined}
                data-approximate={c.approximate || undefined}
                aria-label={c.approximate ? P.approximatePinLabel(M.samePointLabel(formatNumber(c.count))) : M.samePointLabel(formatNumber(c.count))}
                aria-expanded={open}
                onClick={(e) => {
                  e.stopPropagation();
                  onGroup(c);
                }}
              >
                {chipLabel(c.count)}
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
 * Invisible symbols under our HTML markers, on top of the style, so the base map's names never sit under a pin
 * or a cluster (pin-occluders.ts). The transparent square the circles use is added whenever the style lacks it.
 */
function MarkerOccluders({ clusters }: { clusters: TCluster[] }) {
  const { current: map } = useMap();
  useEffect(() => {
    const m = map?.getMap();
    if (!m) return;
    const add = () => {
      if (!m.hasImage(OCCLUDER_IMAGE)) {
        m.addImage(OCCLUDER_IMAGE, { width: OCCLUDER_IMAGE_PX, height: OCCLUDER_IMAGE_PX, data: new Uint8Array(OCCLUDER_IMAGE_PX * OCCLUDER_IMAGE_PX * 4) });
      }
    };
    if (m.isStyleLoaded()) add();
    m.setMissingStyleImageResolver((id) => {
      if (id === OCCLUDER_IMAGE) add();
    });
    return () => {
      m.setMissingStyleImageResolver(null);
    };
  }, [map]);
  return (
    <Source id={OCCLUDER_SOURCE} type="geojson" data={occluderFeatures(clusters, chipLabel)}>
      <Layer
        id="nj-pin-occluders"
        type="symbol"
        filter={['==', ['get', 'kind'], 'pin']}
        layout={{
          'text-field': ['get', 'label'], 'text-font': ['Noto Sans Medium'], 'text-size': 12, 'text-anchor': 'bottom',
          // The pin: 3 px + 1 px border above and below its text, 8 px beside it, and a 6 px tail under it.
          'text-offset': [0, -0.6], 'text-padding': 8, 'text-allow-overlap': true, 'text-ignore-placement': false,
        }}
        paint={{ 'text-opacity': 0 }}
      />
      <Layer
        id="nj-cluster-occluders"
        type="symbol"
        filter={['==', ['get', 'kind'], 'circle']}
        layout={{
          'icon-image': OCCLUDER_IMAGE, 'icon-size': ['get', 'scale'], 'icon-padding': 2,
          'icon-allow-overlap': true, 'icon-ignore-placement': false,
        }}
        paint={{ 'icon-opacity': 0 }}
      />
    </Source>
  );
}

/** The list of the listings a same-point group holds: each opens that listing's card on the map. */
function SamePointList({ group, onPin, onClose }: { group: TCluster; onPin: (c: TCluster) => void; onClose: () => void }) {
  const members = group.members ?? [];
  const rest = group.count - members.length;
  return (
    <Popup
      latitude={group.lat}
      longitude={group.lng}
      offset={34}
      closeButton={false}
      closeOnClick={false}
      maxWidth="300px"
      className="nj-map-popup nj-same-point-popup"
      onClose={onClose}
    >
      <div className="nj-same-point" role="dialog" aria-label={M.samePointTitle(formatNumber(group.count))}>
        <div className="nj-same-point-head">
          <strong>{M.samePointTitle(formatNumber(group.count))}</strong>
          <CloseButton size="sm" aria-label={M.closeList} onClick={onClose} />
        </div>
        <ul>
          {members.map((m) => (
            <li key={m.uid}>
              <button type="button" aria-label={M.samePointOpen(m.price_label)} onClick={() => onPin(memberAsPin(group, m))}>
                <span className="nj-same-point-price">{m.price_label}</span>
                <span className="nj-same-point-type">{typeFromSlug(m.slug)}</span>
              </button>
            </li>
          ))}
        </ul>
        {rest > 0 ? <p className="nj-same-point-more">{M.samePointMore(formatNumber(rest))}</p> : null}
      </div>
    </Popup>
  );
}

/**
 * The listing map (spec 01 §2, §4; issue 9 §1): clusters as circles with their count (a click zooms to where they
 * break apart), single listings as price pins (a click selects the listing), and listings that share one point as
 * one chip that opens their list (a choice there selects that listing). The base map's names keep clear of every
 * marker, and a popup is panned into view when it would stick out of the map. `onMoveEnd` reports every camera
 * change.
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
  const [openGroup, setOpenGroup] = useState<TCluster | null>(null);
  // A new answer without the open group (moved away, filters changed) closes its list.
  useEffect(() => {
    setOpenGroup((g) => (g && clusters.some((c) => c.lat === g.lat && c.lng === g.lng && isPinLike(c)) ? g : null));
  }, [clusters]);
  const onCluster = (c: TCluster) => {
    const map = (ref as React.RefObject<MapRef | null>).current;
    if (!map) return;
    const target = c.same_point ? PIN_ZOOM : c.expansion_zoom;
    const zoom = Math.min(Math.max(target, map.getZoom() + 1), 18);
    map.flyTo({ center: [c.lng, c.lat], zoom, duration: 600 });
  };
  const onGroup = (c: TCluster) => setOpenGroup((g) => (g && g.lat === c.lat && g.lng === c.lng ? null : c));
  const onMember = (c: TCluster) => {
    setOpenGroup(null);
    onPin(c);
  };
  return (
    <BaseMap ref={ref} styleUrl={styleUrl} initialView={initialView} onMoveEnd={onMoveEnd} onLoad={onLoad} ariaLabel={F.map} className="nj-search-map">
      <MarkerOccluders clusters={clusters} />
      <Markers clusters={clusters} selectedUid={selectedUid} openGroup={openGroup} onCluster={onCluster} onPin={onPin} onGroup={onGroup} />
      {openGroup ? <SamePointList group={openGroup} onPin={onMember} onClose={() => setOpenGroup(null)} /> : null}
      <KeepPopupsInView />
      {children}
    </BaseMap>
  );
});
