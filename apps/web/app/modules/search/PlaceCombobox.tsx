import type { ReactNode } from 'react';
import { Combobox, Loader, TextInput, type ComboboxStore, type TextInputProps } from '@mantine/core';
import { PLACE_KIND_LABELS } from '@nj/contracts/search/filter-messages';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { PLACES_MESSAGES } from '@nj/contracts/places/messages';
import { SearchIcon } from '../layout/icons.tsx';

/**
 * One place suggestion as an option: its label and its kind ('Colonia', 'Ciudad', …); its accessible name is the
 * text it shows ('Roma Norte, Cuauhtémoc, Ciudad de México Colonia'), as WCAG 2.5.3 asks.
 */
export function PlaceOption({ place }: { place: TPlaceSuggestion }) {
  return (
    <Combobox.Option value={place.id}>
      <div className="nj-suggestion">
        <span className="nj-suggestion-label">{place.label}</span>{' '}
        <span className="nj-suggestion-kind">{PLACE_KIND_LABELS[place.kind]}</span>
      </div>
    </Combobox.Option>
  );
}

/**
 * The place-search input shared by the search bar and the listing form's address step: a text input that opens
 * the suggestion list (named 'Lugares sugeridos') as the person types (max height about 13 rem, spec 01 §9), a
 * spinner while fetching, and `emptyText` when nothing matches. The caller owns the combobox store, the text and what choosing does.
 */
export function PlaceCombobox(props: {
  store: ComboboxStore;
  text: string;
  onTextChange: (text: string) => void;
  onOptionSubmit: (value: string) => void;
  isFetching: boolean;
  options: ReactNode[];
  showEmpty: boolean;
  emptyText: string;
  inputProps: TextInputProps;
}) {
  const { store, options } = props;
  return (
    <Combobox store={store} withinPortal onOptionSubmit={props.onOptionSubmit}>
      <Combobox.Target>
        <TextInput
          autoComplete="off"
          leftSection={<SearchIcon />}
          rightSection={props.isFetching ? <Loader size={14} /> : null}
          {...props.inputProps}
          value={props.text}
          onChange={(e) => {
            props.onTextChange(e.currentTarget.value);
            store.openDropdown();
            store.updateSelectedOptionIndex();
          }}
          onFocus={() => store.openDropdown()}
          onBlur={() => store.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0 && !props.showEmpty}>
        <Combobox.Options mah="13rem" style={{ overflowY: 'auto' }} aria-label={PLACES_MESSAGES.suggestionsLabel}>
          {options.length > 0 ? options : <Combobox.Empty>{props.emptyText}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
