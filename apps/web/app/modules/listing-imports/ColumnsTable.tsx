import { Select, Table, Text } from '@mantine/core';
import { IMPORT_PAGE_MESSAGES as M, IMPORT_TARGET_LABELS } from '@nj/contracts/listings-import/page-messages';
import { IMPORT_TARGETS, type TImportTarget, type TListingImportPlan } from '@nj/contracts/listings-import/page-schemas';

/** The Select's value of "not imported" (Mantine's Select keeps '' as no value). */
export const IGNORE_VALUE = 'ignorar';

const OPTIONS = [{ value: IGNORE_VALUE, label: M.ignore }, ...IMPORT_TARGETS.map((t) => ({ value: t, label: IMPORT_TARGET_LABELS[t] }))];

/** The target a column is read as now (the plan's `mapped`: the user's choice, the layout's or the guess). */
export function columnTarget(column: TListingImportPlan['columns'][number]): TImportTarget | null {
  return column.mapped as TImportTarget | null;
}

/**
 * The file's columns (issue 10 "maps columns with dropdowns, with the same guesses"): header with a few sample values
 * under it, and a Select of the targets with the current reading preselected. `onChange(header, target|null)` on every choice.
 */
export function ColumnsTable(props: {
  columns: TListingImportPlan['columns'];
  disabled?: boolean;
  onChange: (header: string, target: TImportTarget | null) => void;
}) {
  return (
    <Table verticalSpacing="xs" striped data-testid="import-columns" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{M.columnHeader}</Table.Th>
          <Table.Th scope="col" w="min(55%, 320px)">{M.targetHeader}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.columns.map((c) => (
          <Table.Tr key={c.header}>
            <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
              <Text fw={600} size="sm">{c.header}</Text>
              <Text size="xs" c="dimmed" lineClamp={2}>{c.samples.filter(Boolean).join(' · ')}</Text>
            </Table.Th>
            <Table.Td>
              <Select
                aria-label={M.targetSelectLabel(c.header)}
                data={OPTIONS}
                value={columnTarget(c) ?? IGNORE_VALUE}
                onChange={(v) => props.onChange(c.header, !v || v === IGNORE_VALUE ? null : (v as TImportTarget))}
                allowDeselect={false}
                searchable
                disabled={props.disabled}
                size="sm"
                comboboxProps={{ withinPortal: true, width: 280, position: 'bottom-end' }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
