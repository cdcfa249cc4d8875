import { useId, useState } from 'react';
import { Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import type { StaffDbTable } from '@nj/contracts/staff-db/schemas';
import { errorMessage } from '../accounts/api.ts';
import { hoverRecord, staffDbKeys } from './staff-db-api.ts';

/**
 * A record id with its hover info (spec 03 §6 'hover info'; GET /v1/tickets/db/hover): the summary opens when the
 * pointer rests on the id or the id gets keyboard focus (and on tap), closes on leaving, blur or Escape. The summary
 * is fetched once per id.
 */
export function RecordIdHover({ rtable, uid }: { rtable: StaffDbTable; uid: string }) {
  const [opened, setOpened] = useState(false);
  const dropdownId = useId();
  const query = useQuery({
    queryKey: staffDbKeys.hover(rtable, uid), queryFn: ({ signal }) => hoverRecord(rtable, uid, signal), enabled: opened, retry: 0, staleTime: 60_000,
  });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withArrow width={300} withinPortal>
      <Popover.Target>
        <UnstyledButton
          onMouseEnter={() => setOpened(true)} onMouseLeave={() => setOpened(false)}
          onFocus={() => setOpened(true)} onBlur={() => setOpened(false)} onClick={() => setOpened((o) => !o)}
          onKeyDown={(e) => { if (e.key === 'Escape') setOpened(false); }}
          aria-label={M.infoOf(uid)} aria-describedby={opened ? dropdownId : undefined} data-testid="record-id"
          ff="monospace" fz="sm" c="blue.8" td="underline" style={{ textDecorationStyle: 'dotted', whiteSpace: 'nowrap' }}
        >
          {uid}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown id={dropdownId} role="tooltip" data-testid="record-hover">
        {query.isLoading && <Loader size="sm" aria-label={M.hoverLoaded} />}
        {query.isError && <Text size="sm" c="red.8">{errorMessage(query.error, M.recordNotFound)}</Text>}
        {query.data && (
          <Stack gap={4}>
            <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>{query.data.title}</Text>
            {query.data.lines.map((l) => (
              <Text key={l.label} size="sm" style={{ overflowWrap: 'anywhere' }}><Text span c="dimmed" size="sm">{l.label}: </Text>{l.value}</Text>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
