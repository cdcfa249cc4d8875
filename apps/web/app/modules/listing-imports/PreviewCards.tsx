import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PROPERTY_TYPE_LABELS, type PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { IMPORT_MESSAGES } from '@nj/contracts/listings-import/messages';
import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts/listings-import/page-messages';
import type { TImportPreviewRow } from '@nj/contracts/listings-import/page-schemas';
import { formatArea, formatPrice } from '../properties/format.ts';

const PRECISION = IMPORT_MESSAGES.precisionLabels as Record<string, string>;

/** One previewed row as a compact card: what would be published, or why the row would be skipped. */
function PreviewCard({ row }: { row: TImportPreviewRow }) {
  const l = row.listing;
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="import-preview-card">
      <Text size="xs" c="dimmed">{M.previewLine(row.line)}</Text>
      {l ? (
        <Stack gap={4} mt={4}>
          <Group gap={6}>
            <Badge variant="light" color={l.opType === 'renta' ? 'teal' : 'blue'}>{M.opLabels[l.opType]}</Badge>
            <Text size="sm" fw={600}>{PROPERTY_TYPE_LABELS[l.propertyType as PropertyType] ?? l.propertyType}</Text>
          </Group>
          <Text fw={700}>{formatPrice(l.price, l.currency, l.opType === 'renta' ? 'rent' : 'sale')}</Text>
          <Text size="sm">
            {M.previewFacts({ rooms: l.rooms, bathrooms: l.bathrooms, area: (l.constructionArea ?? l.landArea) != null ? formatArea((l.constructionArea ?? l.landArea)!) : null })}
          </Text>
          <Text size="sm" c="dimmed">{[l.colonia, l.municipality, l.state].filter(Boolean).join(', ')}</Text>
          {l.precision ? <Text size="xs" c="dimmed">{M.previewPrecision(PRECISION[l.precision] ?? l.precision)}</Text> : null}
        </Stack>
      ) : (
        <Text size="sm" mt={4} c="red.8">{M.previewSkipped(row.reason ?? '')}</Text>
      )}
    </Paper>
  );
}

/** The first rows of the file as cards (issue 10 "previews the first rows as cards"). */
export function PreviewCards({ rows }: { rows: TImportPreviewRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" data-testid="import-preview">
      {rows.map((row) => <PreviewCard key={row.line} row={row} />)}
    </SimpleGrid>
  );
}
