import { List, Stack, Text, Title } from '@mantine/core';
import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts/listings-import/page-messages';
import type { TImportReportGroup } from '@nj/contracts/listings-import/page-schemas';

/**
 * Counts by outcome and the skipped rows grouped by reason with their first line numbers (issue 10 "the grouped
 * report"), for a dry run or a finished import. `title` heads it (level 3).
 */
export function ImportReport(props: { title: string; counts: { imported: number; updated: number; skipped: number }; report: TImportReportGroup[] | null; testId: string }) {
  const groups = props.report ?? [];
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <Title order={3} fz={18}>{props.title}</Title>
      <Text fw={600}>{M.outcome(props.counts)}</Text>
      {groups.length ? (
        <>
          <Text size="sm" fw={600}>{M.reportTitle}</Text>
          <List size="sm" spacing={4}>
            {groups.map((g) => (
              <List.Item key={g.reason}>
                <Text size="sm" span>{M.reportGroup(g.count, g.reason)}</Text>
                {g.lines.length ? <Text size="xs" c="dimmed">{M.reportLines(g.lines, g.count > g.lines.length)}</Text> : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm" c="dimmed">{M.noSkipped}</Text>
      )}
    </Stack>
  );
}
