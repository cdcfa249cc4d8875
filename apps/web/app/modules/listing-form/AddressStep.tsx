import { useRef, useState } from 'react';
import { NativeSelect, SimpleGrid, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { Marker, type MapRef } from 'react-map-gl/maplibre';
import { DEFAULT_BOUNDS } from '@nj/contracts/search/constants';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import { sanitizeText } from '@nj/contracts/search/filter-state';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { BaseMap } from '../map/BaseMap.tsx';
import { PinIcon } from '../layout/icons.tsx';
import { usePlaceSuggestions } from '../search/usePlaceSuggestions.ts';
import { PlaceCombobox, PlaceOption } from '../search/PlaceCombobox.tsx';
import { stateSlugOf, type LocationValues } from './model.ts';

type Props = {
  location: LocationValues;
  onChange: (patch: Partial<LocationValues>) => void;
  errors: Record<string, string>;
  styleUrl: string;
};

/**
 * Address step: place search in creation mode (spec 01 §2: placeholder 'Ingresa la dirección', GET
 * /api/v1/places/autocomplete), the chosen place's components fill street, numbers, colonia, municipality, state and
 * postal code; a MapLibre map with a draggable pin (a click also moves it) fixes lat/lng in degrees.
 */
export function AddressStep({ location, onChange, errors, styleUrl }: Props) {
  const [text, setText] = useState(location.official_address);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { suggestions, isFetching } = usePlaceSuggestions(sanitizeText(text), true);
  const mapRef = useRef<MapRef>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const hasPin = location.lat != null && location.lng != null;

  const choose = (place: TPlaceSuggestion) => {
    const c = place.components;
    setText(place.label);
    combobox.closeDropdown();
    const patch: Partial<LocationValues> = { lat: place.lat, lng: place.lng, official_address: place.label };
    if (c.route) patch.street = c.route;
    if (c.street_number) patch.number_ext = c.street_number;
    if (c.subpremise) patch.number_int = c.subpremise;
    if (c.sublocality) patch.neighborhood = c.sublocality;
    if (c.locality) {
      patch.municipality = c.locality;
      patch.city = c.locality;
    }
    const state = stateSlugOf(c.state_long, c.state_short);
    if (state) patch.state = state;
    if (c.postal_code) patch.zip = c.postal_code;
    onChange(patch);
    const zoom = Math.max(place.zoom, 15);
    mapRef.current?.flyTo({ center: [place.lng, place.lat], zoom, duration: 600 });
  };

  const field = (key: keyof LocationValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(location[key] ?? '')}
      onChange={(e) => onChange({ [key]: e.currentTarget.value } as Partial<LocationValues>)}
      error={errors[`location.${key}`]}
      autoComplete="off"
      {...extra}
    />
  );

  const pinError = errors['location.lat'] ?? errors['location.lng'];

  return (
    <Stack gap="md">
      <PlaceCombobox
        store={combobox}
        text={text}
        onTextChange={setText}
        onOptionSubmit={(value) => {
          const place = suggestions.find((s) => s.id === value);
          if (place) choose(place);
        }}
        isFetching={isFetching}
        options={suggestions.map((s) => <PlaceOption key={s.id} place={s} />)}
        showEmpty={text.trim().length >= 2 && !isFetching}
        emptyText={M.noSuggestions}
        inputProps={{ label: M.addressSearch, placeholder: M.addressPlaceholder, description: M.addressHint, size: 'md' }}
      />

      <div className="nj-lf-map-wrap" data-error={pinError ? true : undefined}>
        <BaseMap
          ref={mapRef}
          styleUrl={styleUrl}
          initialView={hasPin
            ? { latitude: location.lat!, longitude: location.lng!, zoom: 16 }
            : { bounds: [DEFAULT_BOUNDS.west, DEFAULT_BOUNDS.south, DEFAULT_BOUNDS.east, DEFAULT_BOUNDS.north] }}
          ariaLabel={M.mapLabel}
          className="nj-lf-map"
          onLoad={() => {
            // a click on the map moves the pin there too (besides dragging it)
            mapRef.current?.getMap().on('click', (e) => onChangeRef.current({ lat: round6(e.lngLat.lat), lng: round6(e.lngLat.lng) }));
          }}
        >
          {hasPin ? (
            <Marker
              latitude={location.lat!}
              longitude={location.lng!}
              anchor="bottom"
              draggable
              onDragEnd={(e) => onChange({ lat: round6(e.lngLat.lat), lng: round6(e.lngLat.lng) })}
            >
              <span className="nj-location-pin nj-lf-pin" role="img" aria-label={M.pinLabel}><PinIcon size={40} /></span>
            </Marker>
          ) : null}
        </BaseMap>
      </div>
      {pinError ? <Text c="red" size="sm" role="alert">{pinError}</Text> : null}
      {hasPin ? <Text size="xs" c="dimmed" data-testid="pin-coordinates">{M.coordinates(location.lat!, location.lng!)}</Text> : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {field('street', M.street, { required: true })}
        <SimpleGrid cols={2} spacing="sm">
          {field('number_ext', M.numberExt, { required: true })}
          {field('number_int', M.numberInt)}
        </SimpleGrid>
        {field('neighborhood', M.neighborhood, { required: true })}
        {field('zip', M.zip, { required: true, inputMode: 'numeric', maxLength: 5 })}
        {field('municipality', M.municipality, { required: true })}
        <NativeSelect
          label={M.state}
          required
          value={location.state}
          onChange={(e) => onChange({ state: e.currentTarget.value })}
          error={errors['location.state']}
          data={[{ value: '', label: '—' }, ...MX_STATES.map((s) => ({ value: s.slug, label: s.name }))]}
        />
      </SimpleGrid>
    </Stack>
  );
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
