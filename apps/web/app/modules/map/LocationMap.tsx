import { Marker } from 'react-map-gl/maplibre';
import { BaseMap } from './BaseMap.tsx';
import { PinIcon } from '../layout/icons.tsx';

/** Small map of a listing's location for the detail page (spec 01 §2). lat/lng in degrees. */
export function LocationMap({ lat, lng, styleUrl, label }: { lat: number; lng: number; styleUrl: string; label: string }) {
  return (
    <BaseMap styleUrl={styleUrl} initialView={{ latitude: lat, longitude: lng, zoom: 15 }} ariaLabel={label} className="nj-location-map">
      <Marker latitude={lat} longitude={lng} anchor="bottom">
        <span className="nj-location-pin"><PinIcon size={36} /></span>
      </Marker>
    </BaseMap>
  );
}
