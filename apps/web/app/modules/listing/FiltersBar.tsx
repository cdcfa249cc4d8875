import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Checkbox, Drawer, Group, NumberInput, Popover, ScrollArea, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AMENITY_FLAGS, PROPERTY_TYPE_GROUPS, PROPERTY_TYPE_LABELS } from '@nj/contracts/catalogue/vocabularies';
import { AMENITY_LABELS } from '@nj/contracts/catalogue/messages';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { SEARCH_MESSAGES as S } from '@nj/contracts/search/messages';
import { ChevronDownIcon } from '../layout/icons.tsx';
import { formatCompact } from '../properties/format.ts';
import {
  budgetCeiling, resetFilters, setBudget, setOperation, toggleAmenity, toggleMinimum, toggleType,
  type ListingFilters, type MinimumKey, type OrderBy,
} from './filters.ts';

function FilterPopover({ label, active, children, width = 280 }: { label: string; active: boolean; children: ReactNode; width?: number }) {
  return (
    <Popover position="bottom-start" shadow="md" width={width} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant={active ? 'light' : 'default'}
          radius="xl"
          size="sm"
          rightSection={<ChevronDownIcon size={14} />}
          className="nj-filter-button"
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}

const MINIMUM_CHOICES = [1, 2, 3, 4, 5];

function MinimumPicker({ label, value, onPick }: { label: string; value: number; onPick: (n: number) => void }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>{label}</Text>
      <Group gap={6} role="group" aria-label={label}>
        {MINIMUM_CHOICES.map((n) => (
          <Button
            key={n}
            size="xs"
            radius="xl"
            variant={value === n ? 'filled' : 'default'}
            aria-pressed={value === n}
            onClick={() => onPick(n)}
          >
            {F.atLeast(n)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function BudgetEditor({ filters, onChange }: { filters: ListingFilters; onChange: (f: ListingFilters) => void }) {
  const ceiling = budgetCeiling(filters.opType);
  const [min, setMin] = useState<string | number>(filters.minBudget > 0 ? filters.minBudget : '');
  const [max, setMax] = useState<string | number>(filters.maxBudget < ceiling ? filters.maxBudget : '');
  useEffect(() => {
    setMin(filters.minBudget > 0 ? filters.minBudget : '');
    setMax(filters.maxBudget < ceiling ? filters.maxBudget : '');
  }, [filters.minBudget, filters.maxBudget, ceiling]);
  const commit = () => {
    const next = setBudget(filters, {
      min: min === '' ? null : Number(min),
      max: max === '' ? null : Number(max),
    });
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <NumberInput label={F.priceMin} placeholder={F.noMin} value={min} onChange={setMin} onBlur={commit}
        min={0} max={ceiling} thousandSeparator="," prefix="$" allowNegative={false} allowDecimal={false} />
      <NumberInput label={F.priceMax} placeholder={F.noMax} value={max} onChange={setMax} onBlur={commit}
        min={0} max={ceiling} thousandSeparator="," prefix="$" allowNegative={false} allowDecimal={false} />
      <Button size="xs" onClick={commit}>{F.apply}</Button>
    </Stack>
  );
}

function priceSummary(f: ListingFilters): string {
  const ceiling = budgetCeiling(f.opType);
  if (f.minBudget <= 0 && f.maxBudget >= ceiling) return F.price;
  const lo = f.minBudget > 0 ? `$${formatCompact(f.minBudget)}` : '$0';
  const hi = f.maxBudget < ceiling ? `$${formatCompact(f.maxBudget)}` : '…';
  return `${lo} – ${hi}`;
}

/**
 * The filters bar of the listing page (spec 01 §3 "Search filter state", §4): Rentar/Comprar, price, recámaras, types
 * and order in the bar; baños, estacionamientos and amenities in the 'Más filtros' panel (issue 9 §5: the bar fits at
 * 1366 px). Same minimum twice clears it. Every change goes to `onChange` at once; `total` (listings found) labels
 * the panel's close button.
 */
export function FiltersBar({ filters, onChange, total }: { filters: ListingFilters; onChange: (f: ListingFilters) => void; total?: string }) {
  const [moreOpened, more] = useDisclosure(false);
  const minimum = (key: MinimumKey) => (n: number) => onChange(toggleMinimum(filters, key, n));
  const roomsLabel = filters.minNumberRooms > 0 ? `${F.atLeast(filters.minNumberRooms)} ${F.rooms.toLowerCase()}` : F.rooms;
  const moreCount = (filters.minBathrooms > 0 ? 1 : 0) + (filters.minParkingSpots > 0 ? 1 : 0) + filters.amenities.length;
  const active = countActive(filters);
  return (
    <div className="nj-filters" role="group" aria-label="Filtros">
      <Group gap={4} wrap="nowrap" className="nj-op-toggle" role="group" aria-label={F.operation}>
        <Button size="sm" radius="xl" variant={filters.opType === 'renta' ? 'filled' : 'default'} aria-pressed={filters.opType === 'renta'}
          onClick={() => onChange(setOperation(filters, 'renta'))}>{S.rent}</Button>
        <Button size="sm" radius="xl" variant={filters.opType === 'venta' ? 'filled' : 'default'} aria-pressed={filters.opType === 'venta'}
          onClick={() => onChange(setOperation(filters, 'venta'))}>{S.buy}</Button>
      </Group>
      <FilterPopover label={priceSummary(filters)} active={filters.minBudget > 0 || filters.maxBudget < budgetCeiling(filters.opType)}>
        <BudgetEditor filters={filters} onChange={onChange} />
      </FilterPopover>
      <FilterPopover label={roomsLabel} active={filters.minNumberRooms > 0} width={300}>
        <MinimumPicker label={F.rooms} value={filters.minNumberRooms} onPick={minimum('minNumberRooms')} />
      </FilterPopover>
      <FilterPopover
        label={filters.propertyTypes.length === 1 ? PROPERTY_TYPE_LABELS[filters.propertyTypes[0]!] : filters.propertyTypes.length > 1 ? `${F.types} (${filters.propertyTypes.length})` : F.types}
        active={filters.propertyTypes.length > 0}
        width={320}
      >
        <ScrollArea.Autosize mah="22rem" type="auto">
          <Stack gap="sm">
            {PROPERTY_TYPE_GROUPS.map((g) => (
              <div key={g.label}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>{g.label}</Text>
                <Stack gap={6}>
                  {g.types.map((t) => (
                    <Checkbox key={t} label={PROPERTY_TYPE_LABELS[t]} checked={filters.propertyTypes.includes(t)}
                      onChange={() => onChange(toggleType(filters, t))} />
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </FilterPopover>
      <Button
        variant={moreCount > 0 ? 'light' : 'default'}
        radius="xl"
        size="sm"
        className="nj-filter-button"
        onClick={more.open}
        rightSection={moreCount > 0 ? <Badge size="sm" circle>{moreCount}</Badge> : null}
      >
        {F.moreFilters}
      </Button>
      <Select
        size="sm"
        radius="xl"
        w={170}
        aria-label={F.order}
        allowDeselect={false}
        value={filters.orderBy}
        data={(Object.keys(F.orderLabels) as OrderBy[]).map((k) => ({ value: k, label: F.orderLabels[k] }))}
        onChange={(v) => v && onChange({ ...filters, orderBy: v as OrderBy })}
        comboboxProps={{ withinPortal: true }}
        className="nj-order"
      />
      {active > 0 ? (
        <Button variant="subtle" size="sm" onClick={() => onChange(resetFilters(filters))}>
          {F.reset}
          <Badge ml={6} size="sm" circle>{active}</Badge>
        </Button>
      ) : null}
      <Drawer opened={moreOpened} onClose={more.close} position="right" size="md" title={F.moreFilters}>
        <Stack gap="lg">
          <MinimumPicker label={F.bathrooms} value={filters.minBathrooms} onPick={minimum('minBathrooms')} />
          <MinimumPicker label={F.parking} value={filters.minParkingSpots} onPick={minimum('minParkingSpots')} />
          <div>
            <Text size="sm" fw={600} mb={6}>{F.amenities}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
              {AMENITY_FLAGS.map((a) => (
                <Checkbox key={a} label={AMENITY_LABELS[a]} checked={filters.amenities.includes(a)}
                  onChange={() => onChange(toggleAmenity(filters, a))} />
              ))}
            </SimpleGrid>
          </div>
          <Group justify="space-between" className="nj-more-filters-footer">
            <Button variant="subtle" disabled={active === 0} onClick={() => onChange(resetFilters(filters))}>{F.reset}</Button>
            <Button onClick={more.close}>{total !== undefined ? F.showResults(total) : F.apply}</Button>
          </Group>
        </Stack>
      </Drawer>
    </div>
  );
}

/** How many filters differ from the defaults (budget counts once, each type and amenity once). */
export function countActive(f: ListingFilters): number {
  let n = 0;
  if (f.minBudget > 0 || f.maxBudget < budgetCeiling(f.opType)) n++;
  if (f.minNumberRooms > 0) n++;
  if (f.minBathrooms > 0) n++;
  if (f.minParkingSpots > 0) n++;
  n += f.propertyTypes.length + f.amenities.length;
  return n;
}
