import { useEffect, useState } from 'react';
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts/payments/messages';
import { EMONEY_MODAL_SECONDS } from '@nj/contracts/payments/schemas';
import { mxnFromCents } from './api.ts';

/**
 * The e-money congratulation (spec 03 §4, §9): shown when e-money paid the whole amount; it closes itself after
 * EMONEY_MODAL_SECONDS (7 s), counting down, or with its button.
 */
export function EmoneyPaidModal({ opened, amountCents, onClose }: { opened: boolean; amountCents: number; onClose: () => void }) {
  const [left, setLeft] = useState(EMONEY_MODAL_SECONDS);
  useEffect(() => {
    if (!opened) return;
    setLeft(EMONEY_MODAL_SECONDS);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = EMONEY_MODAL_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) { clearInterval(timer); onClose(); } else setLeft(remaining);
    }, 250);
    return () => clearInterval(timer);
  }, [opened, onClose]);
  return (
    <Modal opened={opened} onClose={onClose} centered title={<Title order={2} fz={20}>{M.paidWithEmoney}</Title>} data-testid="emoney-paid-modal">
      <Stack gap="sm">
        <Text fz={28} fw={700} c="teal.8">{mxnFromCents(amountCents)}</Text>
        <Text>{M.paidWithEmoneyDetail}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">{M.modalAutoClose(left)}</Text>
        <Button onClick={onClose}>{M.modalClose}</Button>
      </Stack>
    </Modal>
  );
}
