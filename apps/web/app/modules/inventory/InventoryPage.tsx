import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import {
  ActionIcon, Alert, Anchor, Badge, Button, Card, Center, Container, FileInput, Group, Image, Loader, NumberInput, SimpleGrid, Stack, Text,
  TextInput, Textarea, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RENT_INVENTORY_MESSAGES as M } from '@nj/contracts/rent-inventory/messages';
import type { InventoryPhase, TInventoryPhaseState, TInventoryRoom, TRentInventory } from '@nj/contracts/rent-inventory/schemas';
import { errorMessage } from '../accounts/api.ts';
import { SignInRequired } from '../chat/SignInRequired.tsx';
import { useOptionalSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { toast } from '../toast/toast.ts';
import { addRoom, confirmPhase, deletePhoto, deleteRoom, getInventory, inventoryKey, mxn, updateRoom, uploadPhoto } from './inventory-api.ts';

const when = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));

/** Runs an inventory call, puts its answer in the cache and toasts its outcome. */
function useInventoryCall(ruid: string) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = (id: string, call: () => Promise<TRentInventory>, done: string) => {
    setBusy(id);
    return call()
      .then((data) => {
        client.setQueryData(inventoryKey(ruid), data);
        toast('success', done);
        return true;
      })
      .catch((e: unknown) => {
        toast('danger', errorMessage(e, M.loadError));
        return false;
      })
      .finally(() => setBusy(null));
  };
  return { busy, run };
}

/** One room: name and notes (editable), its photos (delete), a photo upload with a preview. */
function RoomCard({ ruid, room, editable, call }: { ruid: string; room: TInventoryRoom; editable: boolean; call: ReturnType<typeof useInventoryCall> }) {
  const [name, setName] = useState(room.name);
  const [notes, setNotes] = useState(room.notes);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => { setName(room.name); setNotes(room.notes); }, [room.name, room.notes]);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const changed = name.trim() !== room.name || notes !== room.notes;
  return (
    <Card withBorder padding="md" data-testid="inventory-room">
      <Stack gap="sm">
        {editable ? (
          <>
            <TextInput label={M.roomNameLabel} value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} />
            <Textarea label={M.notesLabel} value={notes} autosize minRows={2} maxLength={4000} onChange={(e) => setNotes(e.currentTarget.value)} />
            <Group gap="xs">
              <Button size="xs" disabled={!changed || name.trim() === ''} loading={call.busy === `save-${room.id}`}
                onClick={() => void call.run(`save-${room.id}`, () => updateRoom(room.id, { name: name.trim(), notes }), M.roomUpdated)}>{M.saveRoom}</Button>
              <Button size="xs" variant="subtle" color="red" loading={call.busy === `del-${room.id}`}
                onClick={() => void call.run(`del-${room.id}`, () => deleteRoom(room.id), M.roomDeleted)}>{M.deleteRoom}</Button>
            </Group>
          </>
        ) : (
          <>
            <Title order={4}>{room.name}</Title>
            {room.notes && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{room.notes}</Text>}
          </>
        )}
        {room.photos.length === 0 ? <Text size="sm" c="dimmed">{M.noPhotos}</Text> : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {room.photos.map((p, i) => (
              <div key={p.id} style={{ position: 'relative' }}>
                <Image src={p.img_link} alt={M.photoAlt(room.name, i + 1)} radius="sm" h={120} fit="cover" />
                {editable && (
                  <ActionIcon size="sm" color="red" variant="filled" aria-label={`${M.deletePhoto} ${i + 1}`} style={{ position: 'absolute', top: 4, right: 4 }}
                    loading={call.busy === `photo-${p.id}`} onClick={() => void call.run(`photo-${p.id}`, () => deletePhoto(ruid, p.img_link), M.photoDeleted)}>×</ActionIcon>
                )}
              </div>
            ))}
          </SimpleGrid>
        )}
        {editable && (
          <Group align="flex-end" gap="xs">
            <FileInput label={M.choosePhoto} accept="image/jpeg,image/png,image/webp,image/heic" value={file} onChange={setFile} clearable clearButtonProps={{ 'aria-label': M.clearPhoto }} style={{ flex: 1, minWidth: 160 }} />
            {preview && <Image src={preview} alt={M.previewAlt} h={48} w={64} fit="cover" radius="sm" />}
            <Button disabled={!file} loading={call.busy === `up-${room.id}`}
              onClick={() => file && void call.run(`up-${room.id}`, () => uploadPhoto(ruid, room.id, file), M.photoAdded).then((ok) => ok && setFile(null))}>{M.addPhoto}</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Each side's confirmation and the caller's 'Confirmar inventario' (move-out: the owner's deduction proposal). */
function Confirmation({ data, state, call }: { data: TRentInventory; state: TInventoryPhaseState; call: ReturnType<typeof useInventoryCall> }) {
  const [pesos, setPesos] = useState<number | string>(state.deduction_cents / 100);
  const [reason, setReason] = useState(state.deduction_reason);
  const mine = data.role === 'renter' ? state.renter_confirmed_at : data.role === 'owner' ? state.owner_confirmed_at : null;
  const moveOut = state.phase === 'move_out';
  const side = (label: string, at: string | null) => (
    <Group gap="xs"><Text size="sm" fw={600}>{label}:</Text><Badge color={at ? 'teal' : 'gray'} variant="light">{at ? M.sideConfirmed(when(at)) : M.sidePending}</Badge></Group>
  );
  const confirm = () => {
    const body: Parameters<typeof confirmPhase>[0] = { ruid: data.ruid, phase: state.phase };
    if (moveOut && data.role === 'owner') {
      body.deduction_cents = Math.round(Number(pesos || 0) * 100);
      body.reason = reason;
    } else if (moveOut) body.deduction_cents = state.deduction_cents;
    void call.run(`confirm-${state.phase}`, () => confirmPhase(body), M.confirmed);
  };
  return (
    <Card withBorder padding="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        {side(M.renterSide, state.renter_confirmed_at)}
        {side(M.ownerSide, state.owner_confirmed_at)}
        {moveOut && data.deposit_cents !== null && <Text size="sm">{M.depositOf(mxn(data.deposit_cents))}</Text>}
        {moveOut && (data.role !== 'owner' || !state.editable) && <Text size="sm">{M.deductionProposal(mxn(state.deduction_cents), state.deduction_reason)}</Text>}
        {moveOut && data.role === 'owner' && state.editable && (
          <>
            <NumberInput label={M.deductionLabel} min={0} decimalScale={2} thousandSeparator="," value={pesos} onChange={setPesos} />
            <Textarea label={M.deductionReasonLabel} value={reason} maxLength={2000} onChange={(e) => setReason(e.currentTarget.value)} />
            <Text size="xs" c="dimmed">{M.deductionHint}</Text>
          </>
        )}
        {state.completed_at ? <Alert color="teal">{M.bothConfirmed}</Alert> : state.editable && (
          <Group gap="sm">
            {mine && !(moveOut && data.role === 'owner') ? <Text size="sm">{M.youConfirmed}</Text>
              : <Button onClick={confirm} loading={call.busy === `confirm-${state.phase}`} disabled={state.rooms.length === 0}>{M.confirm}</Button>}
          </Group>
        )}
        {state.editable && !state.completed_at && <Text size="xs" c="dimmed">{M.changesClear}</Text>}
      </Stack>
    </Card>
  );
}

/** A new room's name and 'Agregar habitación'. */
function AddRoom({ ruid, phase, call }: { ruid: string; phase: InventoryPhase; call: ReturnType<typeof useInventoryCall> }) {
  const [name, setName] = useState('');
  return (
    <Group align="flex-end" gap="xs">
      <TextInput label={M.roomNameLabel} value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
      <Button disabled={name.trim() === ''} loading={call.busy === `add-${phase}`}
        onClick={() => void call.run(`add-${phase}`, () => addRoom(ruid, phase, name.trim()), M.roomAdded).then((ok) => ok && setName(''))}>{M.addRoom}</Button>
    </Group>
  );
}

/** One phase: its rooms (at move-out side by side with the move-in room of the same name), adding rooms, confirmation. */
function PhaseSection({ data, phase, call }: { data: TRentInventory; phase: InventoryPhase; call: ReturnType<typeof useInventoryCall> }) {
  const state = data[phase];
  const moveIn = data.move_in;
  return (
    <Stack gap="md" component="section" aria-labelledby={`inv-${phase}`} data-testid={`inventory-${phase}`}>
      <Title order={2} size="h3" id={`inv-${phase}`}>{phase === 'move_in' ? M.moveInTitle : M.moveOutTitle}</Title>
      {state.rooms.length === 0 && <Text c="dimmed">{M.noRoomsYet}</Text>}
      {state.rooms.map((room) => {
        const card = <RoomCard key={room.id} ruid={data.ruid} room={room} editable={state.editable} call={call} />;
        if (phase === 'move_in') return card;
        const before = moveIn.rooms.find((r) => r.name.trim().toLowerCase() === room.name.trim().toLowerCase());
        return (
          <SimpleGrid key={room.id} cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={4}><Text size="sm" fw={600}>{M.moveInColumn}</Text>
              {before ? <RoomCard ruid={data.ruid} room={before} editable={false} call={call} /> : <Text size="sm" c="dimmed">{M.noPhotos}</Text>}
            </Stack>
            <Stack gap={4}><Text size="sm" fw={600}>{M.moveOutColumn}</Text>{card}</Stack>
          </SimpleGrid>
        );
      })}
      {state.editable && <AddRoom ruid={data.ruid} phase={phase} call={call} />}
      <Confirmation key={`${state.deduction_cents}-${state.deduction_reason}`} data={data} state={state} call={call} />
    </Stack>
  );
}

/**
 * /my-rent-inventory/{ruid} (issue 13 'Inventory'; spec 03 §2): the rent's move-in inventory — rooms with notes and
 * photos (upload with a preview, delete), each side's confirmation and 'Confirmar inventario' — and, once the rent is
 * active and the move-in confirmed, the move-out inventory beside it room by room (stacked on phones) with the
 * owner's deposit deduction proposal. Visitors are asked to sign in; the second renter reads only.
 */
export function InventoryPage() {
  const { ruid = '' } = useParams();
  const session = useOptionalSession();
  const registered = !!session?.registered;
  const query = useQuery({ queryKey: inventoryKey(ruid), queryFn: ({ signal }) => getInventory(ruid, signal), enabled: registered && ruid !== '', retry: 0 });
  const call = useInventoryCall(ruid);
  let body;
  if (session?.status !== 'ready' || (registered && query.isLoading)) body = <Center py={80}><Loader aria-label={M.pageTitle} /></Center>;
  else if (!registered) {
    body = <SignInRequired title={null} body={M.visitorBody} cta={M.visitorButton} landmark={false} />;
  } else if (query.isError || !query.data) body = <Alert color="red" role="alert">{errorMessage(query.error, M.loadError)}</Alert>;
  else {
    const data = query.data;
    const showMoveOut = data.move_out.editable || data.move_out.rooms.length > 0 || data.move_out.completed_at !== null;
    body = (
      <Stack gap="xl">
        {data.role === 'second_renter' && <Alert color="blue">{M.roleReadOnly}</Alert>}
        <PhaseSection data={data} phase="move_in" call={call} />
        {showMoveOut && <PhaseSection data={data} phase="move_out" call={call} />}
      </Stack>
    );
  }
  return (
    <>
      <NavBar variant="properties" />
      <Container size="lg" py="lg" component="main">
        <Stack gap="md">
          <Title order={1} size="h2">{M.pageTitle}</Title>
          {query.data?.role === 'renter' && <Anchor href={`/propiedades-contactadas/${encodeURIComponent(ruid)}`}>{M.backToRent}</Anchor>}
          {body}
        </Stack>
      </Container>
    </>
  );
}
