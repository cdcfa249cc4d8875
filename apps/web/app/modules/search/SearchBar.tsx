import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Combobox, Group, Select, useCombobox } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { isPropertyCode, sanitizeText } from '@nj/contracts/search/filter-state';
import { PROPERTY_TYPE_GROUPS, PROPERTY_TYPE_LABELS, type PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { SEARCH_MESSAGES as S } from '@nj/contracts/search/messages';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { SearchIcon } from '../layout/icons.tsx';
import { chooseBestPlace, usePlaceSuggestions } from './usePlaceSuggestions.ts';
import { PlaceCombobox, PlaceOption } from './PlaceCombobox.tsx';
import { boundsForPlace } from './place-bounds.ts';
import { listingHref, type OpTypeEs } from '../listing/filters.ts';

export const PROPERTY_TYPE_SELECT_DATA = PROPERTY_TYPE_GROUPS.map((g) => ({
  group: g.label,
  items: g.types.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] })),
}));

/**
 * The search bar (spec 01 §2 "Search bar modes"). cta: Rentar/Comprar buttons, a property-type dropdown,
 * placeholder '¿Dónde quieres vivir?', button 'Buscar'. standard: the box alone; placeholder 'Buscar' at ≤ 600 px.
 * Typing a code (NJ-…) offers 'Buscar propiedad {code}' and opens /propiedades/{code}; an empty search opens
 * /propiedades; Enter without picking goes to the best match and names it, or says no place is called that way
 * (chooseBestPlace). Choosing a place calls `onPlace` (the map page moves its map) or opens /propiedades on its bounds,
 * naming the place (`place`) so the listing says where it is. `text` is what the box shows for the current search
 * (the listing page's place, issue 9 §3); it follows the page when the page changes it. `onClear` (the map page) is
 * called when the person empties the box or submits it empty: the page then drops its place filter.
 */
export function SearchBar({
  mode,
  onPlace,
  onClear,
  defaultOpType = 'venta',
  text: shownText = '',
}: {
  mode: 'cta' | 'standard';
  onPlace?: (place: TPlaceSuggestion) => void;
  onClear?: () => void;
  defaultOpType?: OpTypeEs;
  text?: string;
}) {
  const navigate = useNavigate();
  const inputId = useId();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [text, setText] = useState(shownText);
  useEffect(() => setText(shownText), [shownText]);
  const [opType, setOpType] = useState<OpTypeEs>(defaultOpType);
  const [propertyType, setPropertyType] = useState<PropertyType | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const trimmed = text.trim();
  const isCode = isPropertyCode(trimmed);
  const { suggestions, isFetching, settledQuery } = usePlaceSuggestions(sanitizeText(text), !isCode);

  const goToPlace = (place: TPlaceSuggestion) => {
    setText(place.label);
    combobox.closeDropdown();
    if (onPlace) return onPlace(place);
    navigate(listingHref({ bounds: boundsForPlace(place), zoom: place.zoom, opType, propertyType, placeSlug: place.slug }));
  };
  const goToCode = (code: string) => {
    combobox.closeDropdown();
    navigate(`/propiedades/${code.toUpperCase()}`);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (isCode) return goToCode(trimmed);
    if (!trimmed) {
      combobox.closeDropdown();
      if (onPlace) return onClear?.();
      return navigate(listingHref({ opType, propertyType }));
    }
    // Enter without picking: the best match, named in a note; an unknown place says so (issue 9 §2).
    void chooseBestPlace(sanitizeText(text), { settledQuery, suggestions }).then((place) => place && goToPlace(place));
  };

  const options = useMemo(() => {
    if (isCode) {
      return [
        <Combobox.Option value={`code:${trimmed}`} key="code">
          <Group gap="xs" wrap="nowrap"><SearchIcon /> {S.searchCode(trimmed.toUpperCase())}</Group>
        </Combobox.Option>,
      ];
    }
    return suggestions.map((s) => <PlaceOption key={s.id} place={s} />);
  }, [isCode, trimmed, suggestions]);

  const showEmpty = !isCode && trimmed.length >= 2 && !isFetching && suggestions.length === 0;
  const placeholder = mode === 'cta' || !narrow ? S.placeholderCta : S.placeholderStandard;

  const input = (
    <PlaceCombobox
      store={combobox}
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (!next.trim() && text.trim()) onClear?.();
      }}
      onOptionSubmit={(value) => {
        if (value.startsWith('code:')) return goToCode(value.slice(5));
        const place = suggestions.find((s) => s.id === value);
        if (place) goToPlace(place);
      }}
      isFetching={isFetching}
      options={options}
      showEmpty={showEmpty}
      emptyText={S.noSuggestions}
      inputProps={{ id: inputId, className: 'nj-search-input', 'aria-label': S.placeholderCta, placeholder, size: mode === 'cta' ? 'md' : 'sm' }}
    />
  );

  if (mode === 'standard') {
    return (
      <form role="search" onSubmit={onSubmit} className="nj-search nj-search-standard">
        {input}
      </form>
    );
  }
  return (
    <form role="search" onSubmit={onSubmit} className="nj-search nj-search-cta">
      <Group gap={6} mb="sm" role="group" aria-label={F.operation}>
        <Button
          type="button"
          radius="xl"
          variant={opType === 'renta' ? 'filled' : 'default'}
          aria-pressed={opType === 'renta'}
          onClick={() => setOpType('renta')}
        >
          {S.rent}
        </Button>
        <Button
          type="button"
          radius="xl"
          variant={opType === 'venta' ? 'filled' : 'default'}
          aria-pressed={opType === 'venta'}
          onClick={() => setOpType('venta')}
        >
          {S.buy}
        </Button>
      </Group>
      <div className="nj-search-row">
        <Select
          className="nj-search-type"
          aria-label={F.propertyType}
          placeholder={F.allTypes}
          data={PROPERTY_TYPE_SELECT_DATA}
          value={propertyType}
          onChange={(v) => setPropertyType((v as PropertyType | null) ?? null)}
          clearable
          size="md"
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={13 * 16}
        />
        <div className="nj-search-input-wrap">{input}</div>
        <Button type="submit" size="md" className="nj-search-submit">{S.search}</Button>
      </div>
    </form>
  );
}
