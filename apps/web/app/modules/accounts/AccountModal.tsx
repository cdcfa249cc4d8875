import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { ACCOUNTS_UI_MESSAGES as M } from '@nj/contracts/accounts/messages';

/**
 * The frame of every account modal (spec 02 §2; issue 9 §7): a centred Mantine Modal whose close button is named
 * 'Cerrar' for screen readers. Focus goes to the element marked `data-autofocus` (the first field) when it opens;
 * where it goes back on close is the session provider's business (the control that opened the first modal of the
 * run), so Mantine's own focus return is off.
 */
export function AccountModal({ children, ...props }: Omit<ModalProps, 'opened' | 'centered' | 'returnFocus' | 'closeButtonProps'> & { children: ReactNode }) {
  return (
    <Modal opened centered returnFocus={false} closeButtonProps={{ 'aria-label': M.close }} {...props}>
      {children}
    </Modal>
  );
}
