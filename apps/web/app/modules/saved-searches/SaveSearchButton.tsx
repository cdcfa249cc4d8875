import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { SAVED_SEARCH_MESSAGES as M } from '@nj/contracts/saved-searches/messages';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_LIMITS, type TSavedSearchFrequency } from '@nj/contracts/saved-searches/schemas';
import { errorMessage } from '../accounts/api.ts';
import { onLoggedIn, openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';
import { postSavedSearch } from './api.ts';

/** sessionStorage key of the search a visitor asked to save before signing in (the modal reopens after). */
const PENDING_KEY = 'nj-pending-saved-search';

/**
 * 'Guardar búsqueda' on /propiedades (issue 17): opens a modal with a name (default: the page's heading), the alert
 * frequency and WhatsApp (ticked by default only for a verified phone; otherwise unticked with a hint), and saves the page's current query string (filters, bounds, drawn area: the page mirrors
 * them into the address) plus, on a place page (whose path names the place), `place=slug`, so its alerts cover the
 * whole place. A visitor is asked to sign in or sign up first (the accounts modals); the modal reopens
 * after signing in (the wish is kept in sessionStorage, so it also survives a reload or an OAuth redirect).
 */
export function SaveSearchButton({ defaultName, place }: { defaultName: string; place: string | null }) {
  const session = useOptionalSession();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [frequency, setFrequency] = useState<TSavedSearchFrequency>('daily');
  // WhatsApp alerts go only to a verified phone: ticked by default then, otherwise unticked with a hint.
  const phoneVerified = !!session?.client?.is_phone_verified;
  const [whatsapp, setWhatsapp] = useState(phoneVerified);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (open) setWhatsapp(phoneVerified); }, [open, phoneVerified]);

  useEffect(() => {
    const resume = () => {
      if (window.sessionStorage.getItem(PENDING_KEY)) {
        window.sessionStorage.removeItem(PENDING_KEY);
        setOpen(true);
      }
    };
    if (session?.registered) resume();
    return onLoggedIn(resume);
  }, [session?.registered]);

  const start = () => {
    setName(defaultName.slice(0, SAVED_SEARCH_LIMITS.maxName));
    if (!session?.registered) {
      window.sessionStorage.setItem(PENDING_KEY, '1');
      openLoginModal({ mode: 'signup' });
      return;
    }
    setOpen(true);
  };

  const save = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams(window.location.search);
      if (place && !query.has('place')) query.set('place', place);
      await postSavedSearch({ name: name.trim(), query: query.toString(), frequency, whatsapp });
      toast('success', M.saved);
      setOpen(false);
    } catch (e) {
      toast('danger', errorMessage(e, M.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="light" size="xs" onClick={start} data-testid="save-search">{M.saveButton}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={M.saveTitle} centered>
        <Stack gap="sm">
          <TextInput label={M.nameLabel} value={name} maxLength={SAVED_SEARCH_LIMITS.maxName} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <Select label={M.frequencyLabel} value={frequency} allowDeselect={false}
            data={SAVED_SEARCH_FREQUENCIES.map((f) => ({ value: f, label: M.frequency[f] }))}
            onChange={(v) => v && setFrequency(v as TSavedSearchFrequency)} />
          <Checkbox label={M.whatsappLabel} checked={whatsapp} onChange={(e) => setWhatsapp(e.currentTarget.checked)}
            description={phoneVerified ? undefined : M.whatsappNeedsPhone} data-testid="save-search-whatsapp" />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setOpen(false)}>{M.cancel}</Button>
            <Button onClick={() => void save()} loading={busy} disabled={!name.trim()}>{M.save}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
