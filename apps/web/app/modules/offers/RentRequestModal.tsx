import { Link } from 'react-router';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { OFFER_MESSAGES } from '@nj/contracts/rents/offer-messages';
import type { TRentSummary } from '../chat/api.ts';
import { processHref } from '../rents/format.ts';
import { OwnerOffer } from './OwnerReview.tsx';

const M = OFFER_MESSAGES.ui;

/**
 * The owner's 'Solicitud de renta' modal (spec 03 §2 Owner; issue 12 'The owner's decision'), opened from a row of
 * /property-dashboard/{puid}?tab=offers: the sent proposal, the applicant (nickname, ratings, e-mail and phone
 * verification, 'Ver perfil' → /perfil?u={uid}) and the investigation, with accept and reject; 'Ver el proceso' opens
 * the rent process on its proposal section. What it shows is decided by the server (GET /api/v1/rents/review: the
 * listing's owner only, only once the proposal is sent).
 */
export function RentRequestModal({ rent, onClose }: { rent: TRentSummary; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={M.requestTitle} size="lg" centered closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <Stack gap="md" data-testid="rent-request">
        <OwnerOffer rent={rent} />
        <Group justify="flex-end">
          <Button component={Link} to={`${processHref(rent.ruid)}?section=propuesta`} variant="default">{M.viewProcess}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
