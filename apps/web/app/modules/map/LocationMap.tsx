import { useMemo } from 'react';
import { Layer, Marker, Source } from 'react-map-gl/maplibre';
import { BaseMap } from './BaseMap.tsx';
import { PinIcon } from '../layout/icons.tsx';
import type { TApproximateArea } from '@nj/contracts/search/schemas';
import { circlePolygon, outlineRadiusM, zoomForRadius } from './approximate-area.ts';

/**
 * Small map of a listing's location for the detail page (spec 01 §2). lat/lng in degrees. `areaRadiusM` (issue 10):
 * the point is approximate (its colonia's, postal code's or city's centre), so the map draws a shaded circle of that
 * radius (metres) with a dashed edge instead of a pin, zoomed to show it whole; `areaOutline` (the colonia's shipped
 * outline, when the point is that colonia's) is drawn instead of the circle.
 */
export function LocationMap({ lat, lng, styleUrl, label, areaRadiusM = null, areaOutline }: {
  lat: number; lng: number; styleUrl: string; label: string; areaRadiusM?: number | null; areaOutline?: TApproximateArea | undefined;
}) {
  const area = useMemo(() => {
    if (areaOutline) return { type: 'Feature' as const, properties: {}, geometry: areaOutline };
    return areaRadiusM ? circlePolygon(lat, lng, areaRadiusM) : null;
  }, [lat, lng, areaRadiusM, areaOutline]);
  const radius = areaOutline ? outlineRadiusM(areaOutline, lat, lng) : areaRadiusM;
  const zoom = radius ? zoomForRadius(radius, lat) : 15;
  return (
    <BaseMap styleUrl={styleUrl} initialView={{ latitude: lat, longitude: lng, zoom }} ariaLabel={label} className="nj-location-map">
      {area ? (
        <Source id="nj-approximate-area" type="geojson" data={area}>
          <Layer id="nj-approximate-area-fill" type="fill" paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.15 }} />
          <Layer id="nj-approximate-area-line" type="line" paint={{ 'line-color': '#1864ab', 'line-width': 2, 'line-dasharray': [2, 2] }} />
        </Source>
      ) : (
        <Marker latitude={lat} longitude={lng} anchor="bottom">
          <span className="nj-location-pin"><PinIcon size={36} /></span>
        </Marker>
      )}
    </BaseMap>
  );
}

export default LocationMap;
