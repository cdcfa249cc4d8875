import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts/staff-panel/messages';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import type { TCompleteTicketBody, TStaffTicket } from '@nj/contracts/staff-panel/schemas';
import { TICKET_CATEGORY_NAMES } from '@nj/contracts/tickets/vocabulary';

const NEEDS_APPROVAL = new Set(['ID', 'OS', 'AG']);
const RESOLUTION_ONLY = new Set(['AY', 'RF', 'PG', 'FE']);

/**
 * 'Completar' (issue 14; spec 03 §3 'Ticket (support)' completion fields): the fields of the ticket's category —
 * LP the folio real (and the listing's id when the ticket names none), ID / OS / AG approve or reject, CR whether
 * the investigation passed with the decision and an optional credit score — and the resolution the author reads
 * (required for AY, RF, PG, FE). `onSubmit` sends ZCompleteTicketBody; the server's Spanish msg shows as a toast.
 */
export function CompleteTicketModal({ ticket, opened, busy, onClose, onSubmit }: {
  ticket: TStaffTicket; opened: boolean; busy: boolean; onClose: () => void; onSubmit: (body: TCompleteTicketBody) => void;
}) {
  const c = ticket.category;
  const [folio, setFolio] = useState('');
  const [puid, setPuid] = useState(ticket.puid ?? '');
  const [ruid, setRuid] = useState(ticket.ruid ?? '');
  const [approved, setApproved] = useState<string | null>(null);
  const [passed, setPassed] = useState<string | null>(null);
  const [decision, setDecision] = useState('');
  const [score, setScore] = useState<number | string>('');
  const [comment, setComment] = useState('');

  const needsRent = c === 'CR' || c === 'OS';
  const ready = needsRent && ruid.trim() === '' ? false : c === 'LP' ? folio.trim() !== '' && puid.trim() !== ''
    : NEEDS_APPROVAL.has(c) ? approved !== null
      : c === 'CR' ? passed !== null && decision.trim() !== ''
        : comment.trim() !== '';
  const submit = () => {
    const body: TCompleteTicketBody = {};
    if (comment.trim()) body.comment = comment.trim();
    if (c === 'LP') {
      body.folio_gob_mx = folio.trim();
      body.puid = puid.trim();
    }
    if (needsRent) body.ruid = ruid.trim();
    if (NEEDS_APPROVAL.has(c)) body.is_approved = approved === 'yes';
    if (c === 'CR') {
      body.is_cr_passed = passed === 'yes';
      body.decision = decision.trim();
      if (score !== '') body.renter_credit_score = Number(score);
    }
    onSubmit(body);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={M.completeTitle(TICKET_CATEGORY_NAMES[c])} centered size="lg" closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}>
      <Stack gap="md">
        {c === 'LP' && (
          <>
            {!ticket.puid && <TextInput label={M.listing} value={puid} onChange={(e) => setPuid(e.currentTarget.value)} required />}
            <TextInput label={M.folioLabel} description={M.folioHelp} value={folio} maxLength={60} required data-autofocus
              onChange={(e) => setFolio(e.currentTarget.value)} />
          </>
        )}
        {needsRent && !ticket.ruid && <TextInput label={M.rent} description={M.rentRequired} value={ruid} onChange={(e) => setRuid(e.currentTarget.value)} required />}
        {NEEDS_APPROVAL.has(c) && (
          <Radio.Group label={M.approveLabel} value={approved} onChange={setApproved} required>
            <Group mt="xs"><Radio value="yes" label={M.approve} /><Radio value="no" label={M.reject} /></Group>
          </Radio.Group>
        )}
        {c === 'CR' && (
          <>
            <Radio.Group label={M.crPassedLabel} value={passed} onChange={setPassed} required>
              <Group mt="xs"><Radio value="yes" label={M.crPassed} /><Radio value="no" label={M.crFailed} /></Group>
            </Radio.Group>
            <Textarea label={M.decisionLabel} value={decision} onChange={(e) => setDecision(e.currentTarget.value)} autosize minRows={2} maxLength={2000} required />
            <NumberInput label={M.creditScoreLabel} value={score} onChange={setScore} min={300} max={850} allowDecimal={false} />
          </>
        )}
        <Textarea label={M.resolutionLabel} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} maxLength={2000}
          required={RESOLUTION_ONLY.has(c)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{M.cancel}</Button>
          <Button onClick={submit} disabled={!ready} loading={busy}>{M.completeSubmit}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
