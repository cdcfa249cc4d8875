import { useInViewport } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
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

/**
 * The detail page's map, drawn only once its place on the page scrolls into view (issue 9 §8: the map's library,
 * style, tiles and WebGL work stay off the first paint of a detail page); until then `placeholder` (a static
 * picture of the place). Once drawn it stays. Takes LocationMap's props.
 */
export function LocationMapWhenVisible({ placeholder, ...map }: Parameters<typeof LocationMap>[0] & { placeholder: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  return <div ref={ref} className="nj-location-map-slot">{seen ? <LocationMap {...map} /> : placeholder}</div>;
}
