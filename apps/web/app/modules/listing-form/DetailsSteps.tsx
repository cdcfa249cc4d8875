import { Checkbox, Fieldset, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  AMENITY_FLAGS, COMMISSION_TYPE_LABELS, CURRENCIES, CURRENCY_SYMBOLS, PRICE_BASES, PRICE_BASIS_LABELS,
  PROPERTY_TYPE_GROUPS, PROPERTY_TYPE_LABELS, type AmenityFlag, type PropertyType,
} from '@nj/contracts/catalogue/vocabularies';
import { AMENITY_LABELS, ATTRIBUTE_LABELS } from '@nj/contracts/catalogue/messages';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import {
  commissionTypesFor, constructionYearOptions, DESCRIPTION_MAX, isRent, isSale, shownAttributes, type ListingFormValues,
  type OperationChoice, type PricingValues,
} from './model.ts';

type StepProps = {
  values: ListingFormValues;
  set: (patch: Partial<ListingFormValues>) => void;
  errors: Record<string, string>;
};

const numOrNull = (v: string | number): number | null => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));

/** Operation step: renta, venta or both (issue 4). */
export function OperationStep({ values, set, errors }: StepProps) {
  return (
    <Radio.Group
      label={M.operationQuestion}
      value={values.operation ?? ''}
      onChange={(v) => set({ operation: v as OperationChoice })}
      error={errors.operation}
      size="md"
    >
      <Stack gap="sm" mt="sm">
        <Radio value="renta" label={M.opRent} className="nj-lf-choice" />
        <Radio value="venta" label={M.opSale} className="nj-lf-choice" />
        <Radio value="both" label={M.opBoth} className="nj-lf-choice" />
      </Stack>
    </Radio.Group>
  );
}

/** Type step: the 16 types in their groups (spec 01 §3 "Property types"). */
export function TypeStep({ values, set, errors }: StepProps) {
  return (
    <Radio.Group
      label={M.typeQuestion}
      value={values.property_type ?? ''}
      onChange={(v) => set({ property_type: v as PropertyType })}
      error={errors.property_type}
      size="md"
    >
      <Stack gap="md" mt="sm">
        {PROPERTY_TYPE_GROUPS.map((g) => (
          <div key={g.label} role="group" aria-label={g.label}>
            <Text fw={700} size="sm" c="dimmed" mb={6}>{g.label}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
              {g.types.map((t) => <Radio key={t} value={t} label={PROPERTY_TYPE_LABELS[t]} className="nj-lf-choice" />)}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * Details step: the attributes that apply to the type (applicableAttributes, spec 01 §3 table), construction-year
 * options, maintenance fee, amenity flags and the description.
 */
export function DetailsStep({ values, set, errors }: StepProps) {
  const shown = shownAttributes(values.property_type);
  const int = (key: 'rooms' | 'bathrooms' | 'half_bathrooms' | 'parking_spots' | 'floors' | 'apt_floor' | 'apt_total_floors', label: string) => (
    <NumberInput
      key={key}
      label={label}
      value={values[key] ?? ''}
      onChange={(v) => set({ [key]: numOrNull(v) } as Partial<ListingFormValues>)}
      error={errors[key]}
      min={0}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
    />
  );
  const toggleAmenity = (flag: AmenityFlag, on: boolean) =>
    set({ amenities: on ? [...values.amenities.filter((a) => a !== flag), flag] : values.amenities.filter((a) => a !== flag) });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {shown.has('rooms') ? int('rooms', ATTRIBUTE_LABELS.rooms) : null}
        {shown.has('bathrooms') ? int('bathrooms', ATTRIBUTE_LABELS.bathrooms) : null}
        {shown.has('half_bathrooms') ? int('half_bathrooms', ATTRIBUTE_LABELS.half_bathrooms) : null}
        {shown.has('parking_spots') ? int('parking_spots', ATTRIBUTE_LABELS.parking_spots) : null}
        {shown.has('floors') ? int('floors', ATTRIBUTE_LABELS.floors) : null}
        {shown.has('apt_floors') ? int('apt_floor', M.aptFloorLabel) : null}
        {shown.has('apt_floors') ? int('apt_total_floors', M.aptTotalFloorsLabel) : null}
        {shown.has('construction_area') ? (
          <NumberInput
            label={M.constructionAreaLabel}
            value={values.construction_area ?? ''}
            onChange={(v) => set({ construction_area: numOrNull(v) })}
            error={errors.construction_area}
            min={0}
            allowNegative={false}
            thousandSeparator=","
          />
        ) : null}
        {shown.has('land') ? (
          <NumberInput
            label={`${M.landLabel} (${values.land.unit === 'ha' ? 'ha' : 'm²'})`}
            value={values.land.area ?? ''}
            onChange={(v) => set({ land: { ...values.land, area: numOrNull(v) } })}
            error={errors['land.area'] ?? errors.land}
            min={0}
            allowNegative={false}
            thousandSeparator=","
          />
        ) : null}
        {shown.has('land') ? (
          <NativeSelect
            label={M.landUnit}
            value={values.land.unit}
            onChange={(e) => set({ land: { ...values.land, unit: e.currentTarget.value as 'm2' | 'ha' } })}
            error={errors['land.unit']}
            data={[{ value: 'm2', label: 'm²' }, { value: 'ha', label: 'ha' }]}
          />
        ) : null}
        {shown.has('construction_year') ? (
          <NativeSelect
            label={M.constructionYearLabel}
            value={values.construction_year ?? ''}
            onChange={(e) => set({ construction_year: e.currentTarget.value || null })}
            error={errors.construction_year}
            data={[{ value: '', label: M.constructionYearPlaceholder }, ...constructionYearOptions()]}
          />
        ) : null}
        {shown.has('monthly_maintenance_fee') ? (
          <NumberInput
            label={M.maintenanceLabel}
            value={values.monthly_maintenance_fee ?? ''}
            onChange={(v) => set({ monthly_maintenance_fee: numOrNull(v) })}
            error={errors.monthly_maintenance_fee}
            min={0}
            allowNegative={false}
            thousandSeparator=","
            prefix="$"
          />
        ) : null}
      </SimpleGrid>

      <Fieldset legend={M.amenitiesTitle} variant="unstyled">
        {errors.amenities ? <Text c="red" size="sm" role="alert">{errors.amenities}</Text> : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={8} mt="xs" className="nj-lf-amenities">
          {AMENITY_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={AMENITY_LABELS[flag]}
              checked={values.amenities.includes(flag)}
              onChange={(e) => toggleAmenity(flag, e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>

      <Textarea
        label={M.descriptionLabel}
        placeholder={M.descriptionPlaceholder}
        value={values.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        error={errors.description}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={DESCRIPTION_MAX}
        description={M.descriptionCount(values.description.length, DESCRIPTION_MAX)}
      />
    </Stack>
  );
}

function PricingFields({ side, value, onChange, errors }: {
  side: 'rents' | 'sales';
  value: PricingValues;
  onChange: (next: PricingValues) => void;
  errors: Record<string, string>;
}) {
  const e = (k: string) => errors[`${side}.${k}`];
  const commission = value.commission;
  const valueLabel = commission.commission_type === 'percentaje' ? M.commissionPercent
    : commission.commission_type === 'months' ? M.commissionMonths : M.commissionAmount;
  return (
    <Fieldset legend={<Title order={3} fz="lg">{side === 'rents' ? M.rentSection : M.saleSection}</Title>} className="nj-lf-pricing">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={side === 'rents' ? M.priceRent : M.priceSale}
          value={value.price ?? ''}
          onChange={(v) => onChange({ ...value, price: numOrNull(v) })}
          error={e('price') ?? errors[side]}
          min={0}
          allowNegative={false}
          thousandSeparator=","
          prefix="$"
          required
        />
        <NativeSelect
          label={M.currency}
          value={value.currency_type}
          onChange={(ev) => onChange({ ...value, currency_type: ev.currentTarget.value as PricingValues['currency_type'] })}
          error={e('currency_type')}
          data={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_SYMBOLS[c] }))}
        />
        <NativeSelect
          label={M.basis}
          value={value.based_on}
          onChange={(ev) => onChange({ ...value, based_on: ev.currentTarget.value as PricingValues['based_on'] })}
          error={e('based_on')}
          data={PRICE_BASES.map((b) => ({ value: b, label: PRICE_BASIS_LABELS[b] }))}
        />
        <NativeSelect
          label={M.commissionType}
          value={commission.commission_type}
          onChange={(ev) => onChange({ ...value, commission: { ...commission, commission_type: ev.currentTarget.value as PricingValues['commission']['commission_type'] } })}
          error={e('commission.commission_type')}
          data={[{ value: 'none', label: M.commissionNone }, ...commissionTypesFor(side).map((t) => ({ value: t, label: COMMISSION_TYPE_LABELS[t] }))]}
        />
        {commission.commission_type !== 'none' ? (
          <NumberInput
            label={`${M.commissionValue} (${valueLabel})`}
            value={commission.value ?? ''}
            onChange={(v) => onChange({ ...value, commission: { ...commission, value: numOrNull(v) } })}
            error={e('commission.value')}
            min={0}
            allowNegative={false}
            thousandSeparator=","
            suffix={commission.commission_type === 'percentaje' ? ' %' : undefined}
          />
        ) : null}
        {commission.commission_type === 'fixed_amount' ? (
          <NativeSelect
            label={`${M.currency} (${M.commissionType.toLowerCase()})`}
            value={commission.currency_type}
            onChange={(ev) => onChange({ ...value, commission: { ...commission, currency_type: ev.currentTarget.value as PricingValues['currency_type'] } })}
            error={e('commission.currency_type')}
            data={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_SYMBOLS[c] }))}
          />
        ) : null}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Price step: one block per chosen operation (price, currency, basis, commission type and value; spec 01 §3). */
export function PriceStep({ values, set, errors }: StepProps) {
  return (
    <Stack gap="lg">
      {isRent(values.operation) ? <PricingFields side="rents" value={values.rents} onChange={(rents) => set({ rents })} errors={errors} /> : null}
      {isSale(values.operation) ? <PricingFields side="sales" value={values.sales} onChange={(sales) => set({ sales })} errors={errors} /> : null}
    </Stack>
  );
}
