import { useState } from 'react';
import { Button, Popover, SegmentedControl, Stack, Text, useCombobox } from '@mantine/core';
import { useMap } from 'react-map-gl/maplibre';
import { NEAR_RADII_KM, searchAreaBounds, type TNearRadiusKm, type TSearchArea } from '@nj/contracts/search/drawn-area';
import { DRAWN_AREA_MESSAGES as M } from '@nj/contracts/search/drawn-area-messages';
import { SEARCH_MESSAGES as S } from '@nj/contracts/search/messages';
import { sanitizeText } from '@nj/contracts/search/filter-state';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { PlaceCombobox, PlaceOption } from '../search/PlaceCombobox.tsx';
import { usePlaceSuggestions } from '../search/usePlaceSuggestions.ts';

/**
 * 'Cerca de…' (issue 17; decision 038): a popover with the place autocomplete (its suggestion gives the point) and a
 * radius of 1, 2, 5 or 10 km; 'Buscar cerca' sets the search area to that circle (the server compiles it like a
 * drawn polygon) and fits the map to it. Must be a child of the map. Keyboard: the button opens and closes the
 * popover, the input and the radius are focusable, Escape closes it. A click outside does not close it: the
 * suggestion list lives in a portal, outside the popover.
 */
export function NearControl({ area, onChange }: { area: TSearchArea | null; onChange: (area: TSearchArea) => void }) {
  const { current: mapRef } = useMap();
  const near = area?.kind === 'near' ? area : null;
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(near?.label ?? '');
  const [point, setPoint] = useState<TPlaceSuggestion | null>(null);
  const [radius, setRadius] = useState<TNearRadiusKm>(near?.radiusKm ?? 2);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { suggestions, isFetching, settledQuery } = usePlaceSuggestions(sanitizeText(text), opened);
  const options = suggestions.map((p) => <PlaceOption key={p.id} place={p} />);

  const apply = () => {
    const lat = point?.lat ?? near?.lat;
    const lng = point?.lng ?? near?.lng;
    if (lat === undefined || lng === undefined) return;
    const next: TSearchArea = { kind: 'near', lat, lng, radiusKm: radius, label: point?.label ?? near?.label ?? null };
    onChange(next);
    setOpened(false);
    const b = searchAreaBounds(next);
    mapRef?.fitBounds([b.west, b.south, b.east, b.north], { padding: 40, duration: 600 });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal closeOnClickOutside={false}>
      <Popover.Target>
        <Button size="xs" variant={near ? 'light' : 'default'} onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
          {M.nearTitle}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <PlaceCombobox
            store={combobox}
            text={text}
            onTextChange={(next) => { setText(next); setPoint(null); }}
            onOptionSubmit={(value) => {
              const chosen = suggestions.find((s) => s.id === value);
              if (!chosen) return;
              setPoint(chosen);
              setText(chosen.label);
              combobox.closeDropdown();
            }}
            isFetching={isFetching}
            options={options}
            showEmpty={settledQuery.length >= 2 && suggestions.length === 0}
            emptyText={S.noSuggestions}
            inputProps={{ label: M.nearAddress, size: 'xs', 'aria-label': M.nearAddress, placeholder: S.placeholderCta }}
          />
          <div>
            <Text size="xs" fw={500} id="nj-near-radius-label">{M.nearRadius}</Text>
            <SegmentedControl
              size="xs" fullWidth aria-labelledby="nj-near-radius-label" value={String(radius)}
              onChange={(v) => setRadius(Number(v) as TNearRadiusKm)}
              data={NEAR_RADII_KM.map((km) => ({ value: String(km), label: M.nearRadiusOption(km) }))}
            />
          </div>
          {!point && !near ? <Text size="xs" c="dimmed">{M.nearChoosePlace}</Text> : null}
          <Button size="xs" onClick={apply} disabled={!point && !near}>{M.nearApply}</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
