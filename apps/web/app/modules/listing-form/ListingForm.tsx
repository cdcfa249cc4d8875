import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Center, Container, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LISTING_FORM_DRAFT_DEBOUNCE_MS, LISTING_FORM_MESSAGES as M, LISTING_FORM_PHOTO_POLL_MS } from '@nj/contracts/listing-form/messages';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { errorMessage } from '../accounts/api.ts';
import { ApiError } from '../api/client.ts';
import { toast } from '../toast/toast.ts';
import {
  createListing, deleteDraftPhoto, deletePhoto, draftImagesOf, fieldErrorsOf, getDraft, getListing, getListingImages, orderPhotos, saveDraft,
  updateListing, uploadDraftPhoto, uploadPhoto, type ListingImage,
} from './api.ts';
import { AddressStep } from './AddressStep.tsx';
import { DetailsStep, OperationStep, PriceStep, TypeStep } from './DetailsSteps.tsx';
import { emptyValues, fromPayload, stateSlugOf, STEPS, stepOfField, toPayload, validateStep, type ListingFormValues, type StepKey } from './model.ts';
import { PhotosStep, type PhotoItem } from './PhotosStep.tsx';
import './listing-form.css';
import { PreviewStep, STEP_TITLES } from './PreviewStep.tsx';

const STEP_DESCRIPTIONS: Record<StepKey, string> = {
  operation: M.stepOperationDesc, type: M.stepTypeDesc, address: M.stepAddressDesc, details: M.stepDetailsDesc,
  price: M.stepPriceDesc, photos: M.stepPhotosDesc, preview: M.stepPreviewDesc,
};

let localKeySeq = 0;
const localItem = (file: File): PhotoItem => ({
  key: `local-${++localKeySeq}-${file.name}`, kind: 'local', file, preview: URL.createObjectURL(file), status: 'pending',
});
const remoteItems = (images: ListingImage[]): PhotoItem[] => images.map((image) => ({ key: `remote-${image.name}`, kind: 'remote', image }));

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * True when the server refused the photo itself (400 could not be processed or too many pixels, 413 too large, 415
 * wrong kind): a retry would be refused again. Network failures, 429 (busy) and 5xx stay retryable.
 */
function isPhotoRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 415);
}

/**
 * The publish/edit form (issue 4 "Create and edit"): a Mantine Stepper over operation, type, address, details,
 * price, photos and preview. Creating keeps a server draft (POST/PUT /api/v1/property/draft, debounced
 * LISTING_FORM_DRAFT_DEBOUNCE_MS ms) so a closed tab resumes where it stopped; photos are uploaded to the draft as
 * soon as they are chosen (POST /api/v1/property/draft/{id}/photo, the draft created first if needed; their order
 * saved with the draft data) and become the listing's on publish; one whose upload failed is retried or, at the
 * latest, sent with POST /api/v1/property. Editing (`puid`) loads the listing, sends photos one by one to the photo calls and
 * saves with PUT /api/v1/property/{puid}. Server field errors (`data.fields`) show on their fields and open their step.
 */
export function ListingForm({ puid, styleUrl }: { puid?: string; styleUrl: string }) {
  const session = useOptionalSession();
  const ready = session?.status === 'ready';
  const registered = !!session?.registered;
  if (!ready) return <Center py={80}><Loader aria-label={M.loading} /></Center>;
  if (!registered) {
    return (
      <Stack align="center" ta="center" gap="sm" py={60} role="status">
        <Title order={1} fz={24}>{M.visitorTitle}</Title>
        <Text c="dimmed" maw={460}>{M.visitorBody}</Text>
        <Button mt="sm" onClick={() => openLoginModal({ redirectTo: puid ? `/editar-propiedad/${puid}` : '/crear-propiedad' })}>{M.visitorCta}</Button>
      </Stack>
    );
  }
  return <SignedInForm key={puid ?? 'new'} puid={puid} styleUrl={styleUrl} />;
}

function SignedInForm({ puid, styleUrl }: { puid?: string; styleUrl: string }) {
  const editing = !!puid;
  const narrow = useMediaQuery('(max-width: 767px)');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<ListingFormValues>(emptyValues);
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [done, setDone] = useState<{ uid: string; slug: string | null } | null>(null);
  const draftId = useRef<string | null>(null);
  const dirty = useRef(false);
  const step = STEPS[active] ?? 'operation';

  // Load the draft (creating) or the listing (editing).
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        if (editing) {
          const listing = await getListing(puid!);
          if (cancelled) return;
          const v = fromPayload(listing);
          const loc = (listing.location ?? {}) as Record<string, unknown>;
          if (!/^[a-z_]+$/.test(v.location.state)) v.location.state = stateSlugOf(String(loc.state ?? ''));
          setValues(v);
          // The owner's photos with their processing marks (the detail above lists only ready ones).
          const images = await getListingImages(puid!).catch(() => (Array.isArray(listing.images) ? (listing.images as ListingImage[]) : []));
          if (cancelled) return;
          setPhotos(remoteItems(images));
        } else {
          const draft = await getDraft();
          if (cancelled) return;
          if (draft) {
            draftId.current = draft.id;
            setValues(fromPayload(draft.data));
            setPhotos(remoteItems(draftImagesOf(draft.data)));
            setActive(Math.min(Math.max(0, draft.step), STEPS.length - 1));
            toast('new_info', M.draftResumed);
          }
        }
      } catch (error) {
        if (!cancelled) setLoadError(errorMessage(error, editing ? M.notOwner : M.draftSaveFailed));
      } finally {
        if (!cancelled) setLoaded(true);
      }
    })();
    return () => { cancelled = true; };
  }, [editing, puid]);

  // Autosave the draft while creating (debounced); a failure retries on the next change or after 5 s. The draft
  // data carries the order of its stored photos (`photos`: names; the server keeps the photos themselves).
  const photosRef = useRef(photos);
  photosRef.current = photos;
  const creatingDraft = useRef<Promise<string> | null>(null);
  const draftData = (v: ListingFormValues) => ({
    ...(v as unknown as Record<string, unknown>),
    photos: photosRef.current.flatMap((p) => (p.kind === 'remote' ? [p.image.name] : [])),
  });
  /** The draft's id, creating the draft (once, even when asked twice at the same time) when there is none yet. */
  const ensureDraft = useCallback(async (): Promise<string> => {
    if (draftId.current) return draftId.current;
    creatingDraft.current ??= saveDraft(null, draftData(valuesRef.current), activeRef.current).then((saved) => {
      if (!saved?.id) throw new Error('draft');
      draftId.current = saved.id;
      return saved.id;
    }).finally(() => { creatingDraft.current = null; });
    return creatingDraft.current;
  }, []);
  const saveNow = useCallback(async (v: ListingFormValues, stepIndex: number) => {
    setSaveState('saving');
    try {
      const id = draftId.current ?? (await ensureDraft());
      const saved = await saveDraft(id, draftData(v), stepIndex);
      if (saved?.id) draftId.current = saved.id;
      dirty.current = false;
      setSaveState('saved');
    } catch {
      setSaveState('failed');
    }
  }, []);
  useEffect(() => {
    if (editing || !loaded || !dirty.current || done) return;
    const t = window.setTimeout(() => void saveNow(values, active), LISTING_FORM_DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [values, active, photos, editing, loaded, saveNow, done]);
  useEffect(() => {
    if (saveState !== 'failed' || editing) return;
    const t = window.setTimeout(() => void saveNow(values, active), 5000);
    return () => window.clearTimeout(t);
  }, [saveState, editing, saveNow, values, active]);
  // Flush a pending draft when the tab is hidden or closed.
  useEffect(() => {
    if (editing) return;
    const flush = () => { if (dirty.current && document.visibilityState === 'hidden') void saveNow(valuesRef.current, activeRef.current); };
    document.addEventListener('visibilitychange', flush);
    return () => document.removeEventListener('visibilitychange', flush);
  }, [editing, saveNow]);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const activeRef = useRef(active);
  activeRef.current = active;

  const set = useCallback((patch: Partial<ListingFormValues>) => {
    dirty.current = true;
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const keys = Object.keys(patch);
      const next = Object.fromEntries(Object.entries(e).filter(([k]) => !keys.some((p) => k === p || k.startsWith(`${p}.`))));
      return Object.keys(next).length === Object.keys(e).length ? e : next;
    });
  }, []);

  const goTo = (index: number) => {
    dirty.current = true;
    setActive(index);
    if (typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const next = () => {
    const found = validateStep(step, values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    goTo(Math.min(active + 1, STEPS.length - 1));
  };

  // ---- photos ----
  const uploads = useRef<Promise<void>>(Promise.resolve());
  const sent = useRef(new Set<string>()); // keys of chosen files already stored on the server
  const queueUpload = (item: PhotoItem) => { uploads.current = uploads.current.then(() => uploadOne(item)); };
  const uploadOne = async (item: PhotoItem) => {
    if (item.kind !== 'local') return;
    setPhotos((list) => list.map((p) => (p.key === item.key ? { ...item, status: 'uploading' } : p)));
    try {
      const images = editing ? await uploadPhoto(puid!, item.file) : await uploadDraftPhoto(await ensureDraft(), item.file);
      const before = new Set(photosRef.current.flatMap((p) => (p.kind === 'remote' ? [p.image.name] : [])));
      setPhotos((list) => {
        const known = new Set(list.filter((p) => p.kind === 'remote').map((p) => (p as { image: ListingImage }).image.name));
        const fresh = images.filter((i) => !known.has(i.name));
        // A large photo is still being processed by the server: its chosen file stays as the preview meanwhile.
        const replaced = list.flatMap((p) => (p.key === item.key
          ? remoteItems(fresh).map((r) => (r.kind === 'remote' && r.image.processing ? { ...r, preview: item.preview, fileName: item.file.name } : r))
          : [p]));
        return replaced;
      });
      sent.current.add(item.key);
      if (!images.some((i) => i.processing && !before.has(i.name))) URL.revokeObjectURL(item.preview);
      if (!editing) dirty.current = true; // the draft saves the photos' order as shown
    } catch (error) {
      if (isPhotoRefusal(error)) {
        // The server refused this file (too large, wrong kind, too many pixels, could not be processed): sending it
        // again cannot help, so it leaves the list (it can never stay as the cover) and the message names the cause.
        URL.revokeObjectURL(item.preview);
        setPhotos((list) => list.filter((p) => p.key !== item.key));
        setPhotoError(M.photosRefused(item.file.name, errorMessage(error, M.photosUploadFailed(item.file.name))));
        return;
      }
      setPhotos((list) => list.map((p) => (p.key === item.key ? { ...item, status: 'failed' } : p)));
      setPhotoError(errorMessage(error, M.photosUploadFailed(item.file.name)));
    }
  };
  // Large uploads are processed by the server after its answer (issue 8 §4): while some are, ask every 3 s which
  // are ready (the draft's photos, or the owner's photos of the listing, both with their processing marks). A photo
  // that disappears could not be processed: it is removed (never left as a cover) with a message naming it.
  const processingNames = photos.flatMap((p) => (p.kind === 'remote' && p.image.processing ? [p.image.name] : [])).join(',');
  const [pollTick, setPollTick] = useState(0);
  useEffect(() => {
    if (!processingNames) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const current = editing ? await getListingImages(puid!) : draftImagesOf((await getDraft())?.data);
        if (stopped) return;
        const byName = new Map(current.map((i) => [i.name, i]));
        const gone = photosRef.current.flatMap((p) => (p.kind === 'remote' && p.image.processing && !byName.has(p.image.name) ? [p] : []));
        setPhotos((list) => list.flatMap((p): PhotoItem[] => {
          if (p.kind !== 'remote' || !p.image.processing) return [p];
          const now = byName.get(p.image.name);
          if (now && !now.processing) {
            if (p.preview) URL.revokeObjectURL(p.preview);
            return [{ key: p.key, kind: 'remote', image: { ...now, order: p.image.order } }];
          }
          if (!now) {
            if (p.preview) URL.revokeObjectURL(p.preview);
            return [];
          }
          return [p];
        }));
        if (gone.length) setPhotoError(gone.map((p) => M.photosProcessingFailedNamed(p.kind === 'remote' && p.fileName ? p.fileName : M.photosUnnamed)).join(' '));
      } catch {
        // Asked again on the next tick.
      }
      if (!stopped) setPollTick((n) => n + 1);
    }, LISTING_FORM_PHOTO_POLL_MS);
    return () => { stopped = true; clearTimeout(timer); };
  }, [processingNames, pollTick, editing, puid]);

  const addPhotos = (files: File[]) => {
    setPhotoError(undefined);
    const items = files.map(localItem);
    setPhotos((list) => [...list, ...items]);
    for (const item of items) queueUpload(item);
  };
  const removePhoto = async (item: PhotoItem) => {
    if (item.kind === 'local') {
      URL.revokeObjectURL(item.preview);
      setPhotos((list) => list.filter((p) => p.key !== item.key));
      return;
    }
    try {
      const images = editing ? await deletePhoto(puid!, item.image.name) : await deleteDraftPhoto(draftId.current!, item.image.name);
      setPhotos((list) => {
        const left = new Set(images.map((i) => i.name));
        return list.filter((p) => p.kind === 'local' || left.has(p.image.name));
      });
    } catch (error) {
      toast('danger', errorMessage(error, M.saveFailed));
    }
  };
  const reorderPhotos = async (items: PhotoItem[]) => {
    setPhotos(items);
    if (!editing) {
      photosRef.current = items;
      if (draftId.current) await saveNow(valuesRef.current, activeRef.current);
      return;
    }
    const names = items.flatMap((p) => (p.kind === 'remote' ? [p.image.name] : []));
    try {
      await orderPhotos(puid!, names);
    } catch (error) {
      toast('danger', errorMessage(error, M.saveFailed));
    }
  };

  // ---- publish / save ----
  const showServerErrors = (error: unknown, fallback: string) => {
    const fields = fieldErrorsOf(error);
    if (Object.keys(fields).length) {
      setErrors(fields);
      const firstStep = STEPS.indexOf(stepOfField(Object.keys(fields)[0]!));
      if (firstStep >= 0 && STEPS[active] !== 'preview') goTo(firstStep);
      if (fields.images) setPhotoError(fields.images);
    }
    toast('danger', errorMessage(error, fallback));
  };
  const submit = async () => {
    const found = validateStep('preview', values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      await uploads.current; // photos still being sent to the draft finish first
      if (editing) {
        const saved = await updateListing(puid!, toPayload(values));
        toast('new_success', M.saved);
        setDone({ uid: saved.uid || puid!, slug: saved.slug });
      } else {
        const files = photosRef.current.flatMap((p) => (p.kind === 'local' && !sent.current.has(p.key) ? [p.file] : []));
        const saved = await createListing(toPayload(values), files, draftId.current);
        draftId.current = null;
        dirty.current = false;
        toast('new_success', M.published);
        setDone({ uid: saved.uid, slug: saved.slug });
      }
    } catch (error) {
      showServerErrors(error, editing ? M.saveFailed : M.publishFailed);
    } finally {
      setSubmitting(false);
    }
  };

  if (!loaded) return <Center py={80}><Loader aria-label={M.loading} /></Center>;
  if (loadError && editing) return <Stack align="center" py={60} role="alert"><Text>{loadError}</Text></Stack>;
  if (done) {
    return (
      <Stack align="center" ta="center" gap="md" py={60} role="status" data-testid="listing-form-done" data-puid={done.uid}>
        <Title order={1} fz={26}>{editing ? M.saved : M.published}</Title>
        <Group justify="center">
          <Button component="a" href={`/propiedades/${done.slug ?? done.uid}`} target="_blank" rel="noopener">{M.viewListing}</Button>
          <Button variant="default" component={Link} to="/mis-propiedades">{M.myProperties}</Button>
        </Group>
      </Stack>
    );
  }

  const stepErrors = errors;
  const body: Record<StepKey, React.ReactNode> = {
    operation: <OperationStep values={values} set={set} errors={stepErrors} />,
    type: <TypeStep values={values} set={set} errors={stepErrors} />,
    address: (
      <AddressStep
        location={values.location}
        onChange={(patch) => set({ location: { ...valuesRef.current.location, ...patch } })}
        errors={stepErrors}
        styleUrl={styleUrl}
      />
    ),
    details: <DetailsStep values={values} set={set} errors={stepErrors} />,
    price: <PriceStep values={values} set={set} errors={stepErrors} />,
    photos: (
      <PhotosStep
        items={photos}
        onAdd={addPhotos}
        onRemove={(item) => void removePhoto(item)}
        onReorder={(items) => void reorderPhotos(items)}
        onRetry={queueUpload}
        onRejected={(messages) => { setPhotoError(messages.join(' ')); for (const m of messages) toast('danger', m); }}
        pendingNote={!editing && photos.some((p) => p.kind === 'local' && p.status === 'failed')}
        error={photoError ?? stepErrors.images}
      />
    ),
    preview: <PreviewStep values={values} photos={photos} missing={validateStep('preview', values)} onGoTo={(s) => goTo(STEPS.indexOf(s))} />,
  };

  const last = active === STEPS.length - 1;
  return (
    <Container size="md" py="lg" className="nj-lf">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap" gap="xs">
        <Title order={1} fz={{ base: 22, sm: 28 }}>{editing ? M.pageTitleEdit : M.pageTitleCreate}</Title>
        {!editing ? (
          <Text size="sm" c={saveState === 'failed' ? 'red' : 'dimmed'} aria-live="polite" data-testid="draft-status">
            {saveState === 'saving' ? M.draftSaving : saveState === 'saved' ? M.draftSaved : saveState === 'failed' ? M.draftSaveFailed : ''}
          </Text>
        ) : null}
      </Group>
      <Stepper
        active={active}
        onStepClick={(i) => { if (i < active || editing) goTo(i); }}
        allowNextStepsSelect={editing}
        size={narrow ? 'xs' : 'sm'}
        iconSize={narrow ? 28 : 34}
        className="nj-lf-stepper"
        wrap={false}
      >
        {/* The name starts with what the step shows (its number, and its title where it fits): axe's label-content-name-mismatch. */}
        {STEPS.map((key, i) => (
          <Stepper.Step key={key} label={narrow ? undefined : STEP_TITLES[key]} aria-label={narrow ? `${i + 1} ${STEP_TITLES[key]}` : undefined} />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md" component="section" aria-labelledby="nj-lf-step-title">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{M.stepOf(active + 1, STEPS.length)}</Text>
        <Title order={2} fz="xl" id="nj-lf-step-title">{STEP_TITLES[step]}</Title>
        <Text size="sm" c="dimmed" mb="md">{STEP_DESCRIPTIONS[step]}</Text>
        {body[step]}
      </Paper>
      {Object.keys(errors).length && !submitting ? (
        <Text c="red" size="sm" mt="sm" role="alert" data-testid="form-errors">{M.fixErrors}</Text>
      ) : null}
      <Group justify="space-between" mt="md" className="nj-lf-actions">
        {active > 0 ? <Button variant="default" onClick={() => goTo(active - 1)}>{M.back}</Button> : <span />}
        {last
          ? <Button onClick={() => void submit()} loading={submitting} size="md">{editing ? M.saveChanges : M.publish}</Button>
          : (
            <Group gap="xs">
              {editing ? <Button variant="light" onClick={() => void submit()} loading={submitting}>{M.saveChanges}</Button> : null}
              <Button onClick={next}>{M.next}</Button>
            </Group>
          )}
      </Group>
    </Container>
  );
}
