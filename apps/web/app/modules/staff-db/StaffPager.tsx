import { Center, Pagination } from '@mantine/core';
import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';

/** The database view's pager (/db, /db/auditoria): nothing for one page; compact controls that fit 390 px, named for screen readers. */
export function StaffPager({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Center>
      <Pagination total={pages} value={page} onChange={onChange} siblings={0} boundaries={1} size="sm"
        getControlProps={(control) => ({ 'aria-label': control === 'previous' ? M.previous : control === 'next' ? M.next : undefined })} />
    </Center>
  );
}
