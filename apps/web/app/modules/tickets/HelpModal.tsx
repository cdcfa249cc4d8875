import '@mantine/dropzone/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/es';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, CloseButton, Group, Image, Modal, Select, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts/rents/notifications';
import { TICKET_MESSAGES as T, TICKET_UI_MESSAGES as M } from '@nj/contracts/tickets/messages';
import {
  DEFAULT_TICKET_CATEGORY, TICKET_CATEGORIES_WITH_DATE, TICKET_CATEGORY_CODES, TICKET_CATEGORY_NAMES, TICKET_LIMITS, type TTicketCategory,
} from '@nj/contracts/tickets/vocabulary';
import { errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { ApiError } from '../api/client.ts';
import { FileIcon } from '../layout/icons.tsx';
import { toast } from '../toast/toast.ts';
import { createTicket, getMyListings, getMyRents, TICKET_KEYS } from './api.ts';
import { fitsTicketLimit, TICKET_ACCEPT, ticketFileProblem } from './ticket-files.ts';

type Fields = { title: string; category: TTicketCategory; description: string; puid: string | null; ruid: string | null; date: string | null };
type Errors = Partial<Record<keyof Fields, string>>;
const EMPTY: Fields = { title: '', category: DEFAULT_TICKET_CATEGORY, description: '', puid: null, ruid: null, date: null };
const CATEGORY_OPTIONS = TICKET_CATEGORY_CODES.map((c) => ({ value: c, label: TICKET_CATEGORY_NAMES[c] }));
const needsDate = (c: TTicketCategory) => TICKET_CATEGORIES_WITH_DATE.includes(c);

/** The spec's checks of the info step (spec 02 §5), the server's texts. */
function validate(f: Fields): Errors {
  const errors: Errors = {};
  if (!f.title.trim()) errors.title = T.titleRequired;
  if (!TICKET_CATEGORY_CODES.includes(f.category)) errors.category = T.categoryRequired;
  if (!f.description.trim()) errors.description = T.descriptionRequired;
  if (needsDate(f.category) && !f.date) errors.date = T.dateRequired;
  return errors;
}

/** A chosen file's preview: the image itself, or a PDF's icon and name; with its remove button. */
function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return (
    <div className="nj-help-preview" data-testid="help-file">
      {url ? <Image src={url} alt={M.previewAlt(file.name)} h={88} radius="sm" fit="cover" /> : (
        <Stack align="center" justify="center" h={88} gap={2} className="nj-help-preview-pdf"><FileIcon size={26} /><Text size="xs">PDF</Text></Stack>
      )}
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="xs" truncate="end" title={file.name}>{file.name}</Text>
        <CloseButton size="sm" aria-label={M.removeFile(file.name)} onClick={onRemove} />
      </Group>
    </div>
  );
}

/**
 * The help and ticket-creation modal (issue 14; spec 02 §2 item 11, §4 'Ticket modal', §5, §8): the info step (title,
 * category with its Spanish name — AY by default —, description, optionally one of my listings or the ones I
 * contacted and one of my rents, and a calendar (Spanish) where the category needs a day), then the files step (a drop
 * zone: up to 10 PNG/JPEG/WebP/PDF of up to 50 MB, previews, remove), back to info, submit; on success the toast 'El
 * ticket se creó exitosamente, puedes revisarlo en Centro de Ayuda.', then reset and close. A visitor is asked to sign
 * in and the ticket is sent right after (session.afterLogin). Stays mounted while closed, so nothing typed is lost.
 */
export default function HelpModal({ opened, onClose, initial }: { opened: boolean; onClose: () => void; initial?: Partial<Fields> }) {
  const session = useOptionalSession();
  const queryClient = useQueryClient();
  const registered = !!session?.registered;
  const [step, setStep] = useState(0);
  const [fields, setFields] = useState<Fields>({ ...EMPTY, ...initial });
  const [errors, setErrors] = useState<Errors>({});
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitingLogin, setWaitingLogin] = useState(false);

  const rents = useQuery({ queryKey: ['tickets', 'choices', 'rents'], queryFn: getMyRents, enabled: opened && registered, staleTime: 60_000 });
  const listings = useQuery({ queryKey: ['tickets', 'choices', 'listings'], queryFn: getMyListings, enabled: opened && registered, staleTime: 60_000 });
  const listingOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of listings.data?.properties ?? []) seen.set(p.uid, p.title);
    for (const r of rents.data?.rents ?? []) if (!seen.has(r.puid)) seen.set(r.puid, r.title);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [listings.data, rents.data]);
  const rentOptions = useMemo(() => (rents.data?.rents ?? []).map((r) => ({ value: r.ruid, label: `${r.title} · ${r.stepLabel}` })), [rents.data]);

  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFailure(null);
  };
  const reset = () => {
    setStep(0); setFields({ ...EMPTY, ...initial }); setErrors({}); setFiles([]); setFileError(null); setFailure(null); setWaitingLogin(false);
  };

  const next = (e?: FormEvent) => {
    e?.preventDefault();
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  };

  const addFiles = (picked: File[]) => {
    setFileError(null);
    const ok: File[] = [];
    for (const f of picked) {
      const problem = ticketFileProblem(f);
      if (problem) { setFileError(problem === 'type' ? N.attachmentType : M.fileTooLarge); continue; }
      ok.push(f);
    }
    const all = [...files, ...ok];
    if (!fitsTicketLimit(all.length)) setFileError(T.tooManyFiles);
    setFiles(all.slice(0, TICKET_LIMITS.maxAttachments));
  };
  const rejected = (rejections: FileRejection[]) => {
    const tooBig = rejections.find((r) => r.errors.some((e) => e.code === 'file-too-large'));
    const tooMany = rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
    setFileError(tooMany ? T.tooManyFiles : tooBig ? M.fileTooLarge : N.attachmentType);
  };

  const send = async () => {
    const found = validate(fields);
    if (Object.keys(found).length) { setErrors(found); setStep(0); return; }
    setBusy(true);
    setFailure(null);
    try {
      await createTicket({ ...fields, title: fields.title.trim(), description: fields.description.trim(), date: needsDate(fields.category) ? fields.date : null, files });
      toast('success', T.created);
      void queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
      reset();
      onClose();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? (err.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      const message = errorMessage(err, T.createFailed);
      if (fieldErrors && Object.keys(fieldErrors).some((k) => k in EMPTY)) {
        setErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => k in EMPTY)) as Errors);
        setStep(0);
      } else if (fieldErrors?.files) {
        setFileError(fieldErrors.files);
      } else {
        setFailure(message);
      }
      if (waitingLogin) { toast('danger', message); }
    } finally {
      setBusy(false);
      setWaitingLogin(false);
    }
  };
  // The sign-in callback runs the newest send (the fields as they are then), unless the person came back to the modal
  // meanwhile (they dismissed the sign-in: the ticket waits for their next 'Enviar ticket').
  const sendRef = useRef(send);
  sendRef.current = send;
  const awaitingLogin = useRef(false);
  useEffect(() => { if (opened) awaitingLogin.current = false; }, [opened]);

  const submit = () => {
    if (!registered) {
      setWaitingLogin(true);
      awaitingLogin.current = true;
      session?.afterLogin(() => { if (awaitingLogin.current) { awaitingLogin.current = false; void sendRef.current(); } });
      onClose();
      openLoginModal();
      return;
    }
    void send();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={M.modalTitle} centered size="lg" closeButtonProps={{ 'aria-label': COMMON_UI_LABELS.close }}
      data-testid="help-modal">
      <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false} onStepClick={(s) => { if (s < step) setStep(s); }}>
        <Stepper.Step label={M.stepInfo} />
        <Stepper.Step label={M.stepImages} />
      </Stepper>
      {step === 0 ? (
        <form onSubmit={next} noValidate>
          <Stack gap="sm">
            <TextInput label={M.titleLabel} placeholder={M.titlePlaceholder} value={fields.title} onChange={(e) => set('title')(e.currentTarget.value)}
              error={errors.title} maxLength={200} required data-autofocus />
            <Select label={M.categoryLabel} data={CATEGORY_OPTIONS} value={fields.category} allowDeselect={false} error={errors.category} required
              onChange={(v) => { if (v) set('category')(v as TTicketCategory); }} comboboxProps={{ withinPortal: true }} />
            {needsDate(fields.category) ? (
              <DatePickerInput label={M.dateLabel} placeholder={M.datePlaceholder} value={fields.date} onChange={(v) => set('date')(v ? String(v).slice(0, 10) : null)}
                locale="es" valueFormat="D [de] MMMM [de] YYYY" error={errors.date} required clearable minDate="1900-01-01" maxDate="2099-12-31"
                popoverProps={{ withinPortal: true, transitionProps: { duration: 0 } }} ariaLabels={M.calendar} hideOutsideDates weekendDays={[]} styles={{ weekday: { color: 'var(--mantine-color-gray-8)' } }}
                data-testid="help-date" />
            ) : null}
            <Textarea label={M.descriptionLabel} placeholder={M.descriptionPlaceholder} value={fields.description} onChange={(e) => set('description')(e.currentTarget.value)}
              error={errors.description} autosize minRows={3} maxRows={8} maxLength={5000} required />
            {listingOptions.length ? (
              <Select label={M.listingLabel} placeholder={M.listingPlaceholder} data={listingOptions} value={fields.puid} onChange={(v) => set('puid')(v)}
                clearable searchable error={errors.puid} comboboxProps={{ withinPortal: true }} />
            ) : null}
            {rentOptions.length ? (
              <Select label={M.rentLabel} placeholder={M.rentPlaceholder} data={rentOptions} value={fields.ruid} onChange={(v) => set('ruid')(v)}
                clearable searchable error={errors.ruid} comboboxProps={{ withinPortal: true }} />
            ) : null}
            {failure ? <Alert color="red" variant="light" role="alert">{failure}</Alert> : null}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>{M.cancel}</Button>
              <Button type="submit">{M.next}</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Dropzone onDrop={addFiles} onReject={rejected} accept={TICKET_ACCEPT.split(',')} maxSize={TICKET_LIMITS.maxBytes} maxFiles={TICKET_LIMITS.maxAttachments}
            multiple disabled={files.length >= TICKET_LIMITS.maxAttachments} inputProps={{ 'aria-label': M.attachLabel }} className="nj-help-dropzone"
            data-testid="help-dropzone">
            <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
              <Text fw={600} ta="center">{M.dropTitle}</Text>
              <Text size="sm" c="dimmed" ta="center">{M.dropHint}</Text>
            </Stack>
          </Dropzone>
          {fileError ? <Text c="red.8" size="sm" role="alert">{fileError}</Text> : null}
          <Text size="sm" fw={600} data-testid="help-files-count">{M.filesCount(files.length)}</Text>
          {files.length ? (
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
              {files.map((f, i) => <FilePreview key={`${f.name}-${f.size}-${i}`} file={f} onRemove={() => { setFiles(files.filter((_, j) => j !== i)); setFileError(null); }} />)}
            </SimpleGrid>
          ) : null}
          {!registered && session?.status === 'ready' ? <Text size="sm" c="dimmed">{M.signInToSend}</Text> : null}
          {failure ? <Alert color="red" variant="light" role="alert">{failure}</Alert> : null}
          <Group justify="space-between" mt="xs">
            <Button variant="default" onClick={() => setStep(0)}>{M.back}</Button>
            {/* Until the session is known a click could not tell a signed-in client from a visitor. */}
            <Button onClick={submit} loading={busy} disabled={session?.status !== 'ready'} data-testid="help-submit">{M.submit}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
