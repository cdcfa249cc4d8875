import { Button, Menu } from '@mantine/core';
import { PROPERTY_SHEET_MESSAGES as M } from '@nj/contracts/property-sheets/messages';
import { propertySheetPath, propertySheetPdfPath } from '@nj/contracts/property-sheets/sheet';
import { clientId } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';

/**
 * 'Compartir ficha' on an owner's or agent's listing (issue 16): a menu with the sheet shared by the signed-in client
 * (/ficha/{puid}/{cuid}: branded when they are an agent or an agency's administrator) — open it, copy its link, open
 * its PDF, or send it by WhatsApp (wa.me with the title and the link). Nothing without a registered session.
 */
export function ShareSheetMenu({ puid, title }: { puid: string; title: string }) {
  const session = useOptionalSession();
  const cuid = session?.registered ? clientId(session.client) : '';
  if (!cuid) return null;
  const path = propertySheetPath(puid, cuid);
  const absolute = () => `${window.location.origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute());
      toast('success', M.linkCopied);
    } catch {
      toast('danger', M.copyFailed);
    }
  };
  const whatsapp = () => `https://wa.me/?text=${encodeURIComponent(M.whatsappText(title, absolute()))}`;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" px={4} aria-label={M.shareLabel(title)} data-testid="share-sheet">{M.share}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={path} target="_blank" rel="noopener">{M.openSheet}</Menu.Item>
        <Menu.Item onClick={() => void copy()}>{M.copyLink}</Menu.Item>
        <Menu.Item component="a" href={propertySheetPdfPath(puid, cuid)} target="_blank" rel="noopener">{M.openPdf}</Menu.Item>
        <Menu.Item onClick={() => window.open(whatsapp(), '_blank', 'noopener')}>{M.whatsapp}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
