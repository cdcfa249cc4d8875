import '@mantine/dropzone/styles.layer.css';
import { ActionIcon, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import { LISTING_PHOTO } from '@nj/contracts/listings/schemas';
import { PLACEHOLDER_IMAGE } from '../properties/PropertyCard.tsx';
import type { ListingImage } from './api.ts';
import { coverKey } from './model.ts';

/**
 * A photo in the form: one already stored on the server (while the server still processes a large upload,
 * `image.processing` is true and `preview` shows the chosen file), or a chosen file (not yet sent, being sent, or failed).
 */
export type PhotoItem =
  | { key: string; kind: 'remote'; image: ListingImage; preview?: string; fileName?: string }
  | { key: string; kind: 'local'; file: File; preview: string; status: 'pending' | 'uploading' | 'failed' };

/** Accepted kinds for the file picker (the server checks the content again): jpg, jpeg, png, webp, heic. */
export const PHOTO_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};
const MAX_MB = Math.round(LISTING_PHOTO.maxBytes / 1024 / 1024);

/** Spanish message for each file the picker refused (too large, wrong kind). */
export function rejectionMessages(rejections: FileRejection[]): string[] {
  return rejections.map(({ file, errors }) =>
    errors.some((e) => e.code === 'file-too-large') ? M.photosTooLarge(file.name, MAX_MB) : M.photosBadType(file.name));
}

function Tile({ item, index, cover, onRemove, onRetry }: { item: PhotoItem; index: number; cover: boolean; onRemove: () => void; onRetry: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const processing = item.kind === 'remote' && !!item.image.processing;
  // A processing photo has no variants yet: its chosen file when this page has it, else no picture (never a 404).
  const src = item.kind === 'remote' ? (processing ? item.preview : item.image.url.thumb) : item.preview;
  const n = index + 1;
  return (
    <li
      ref={setNodeRef}
      className="nj-lf-photo"
      data-dragging={isDragging || undefined}
      data-status={item.kind === 'local' ? item.status : processing ? 'processing' : 'stored'}
      style={{ transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <button type="button" className="nj-lf-photo-handle" aria-label={M.photoMove(n)} {...attributes} {...listeners}>
        {src ? (
          <img
            src={src}
            alt={M.photoAlt(n)}
            draggable={false}
            onError={(e) => { if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE; }}
          />
        ) : <span className="nj-lf-photo-blank" role="img" aria-label={M.photoAlt(n)} />}
      </button>
      {cover ? <Badge className="nj-lf-photo-cover" size="sm">{M.photosCover}</Badge> : null}
      {item.kind === 'local' && item.status === 'uploading' ? (
        <span className="nj-lf-photo-state"><Loader size="sm" aria-label={M.photosUploading} /></span>
      ) : null}
      {processing ? (
        <span className="nj-lf-photo-state"><Loader size="sm" aria-label={M.photosProcessing} /></span>
      ) : null}
      {item.kind === 'local' && item.status === 'failed' ? (
        <span className="nj-lf-photo-state">
          <Button size="compact-xs" color="red" onClick={onRetry}>{M.photosRetry}</Button>
        </span>
      ) : null}
      <ActionIcon className="nj-lf-photo-remove" variant="filled" color="dark" radius="xl" size="md" aria-label={M.photoRemove(n)} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </ActionIcon>
    </li>
  );
}

/**
 * Photos step (issue 4 "Photos"): drop or choose several at once (jpg, jpeg, png, webp, heic; LISTING_PHOTO.maxBytes
 * each, with a clear message), reorder by dragging (pointer, touch or keyboard on the handle), remove; the first is
 * the cover. The parent decides when files are sent (with the create call, or one by one once the listing exists).
 */
export function PhotosStep({
  items, onAdd, onRemove, onReorder, onRetry, onRejected, pendingNote, error,
}: {
  items: PhotoItem[];
  onAdd: (files: File[]) => void;
  onRemove: (item: PhotoItem) => void;
  onReorder: (items: PhotoItem[]) => void;
  onRetry: (item: PhotoItem) => void;
  onRejected: (messages: string[]) => void;
  pendingNote: boolean;
  error?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((i) => i.key === e.active.id);
    const to = items.findIndex((i) => i.key === e.over!.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };
  const full = items.length >= LISTING_PHOTO.maxPhotos;
  const cover = coverKey(items);
  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => {
          const room = LISTING_PHOTO.maxPhotos - items.length;
          if (files.length > room) onRejected([M.photosTooMany(LISTING_PHOTO.maxPhotos)]);
          if (room > 0) onAdd(files.slice(0, room));
        }}
        onReject={(rejections) => onRejected(rejectionMessages(rejections))}
        accept={PHOTO_ACCEPT}
        maxSize={LISTING_PHOTO.maxBytes}
        multiple
        disabled={full}
        inputProps={{ 'aria-label': M.photosInput }}
        className="nj-lf-dropzone"
      >
        <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
          <Text fw={600} ta="center">{M.photosDrop}</Text>
          <Text size="sm" c="dimmed" ta="center">{M.photosAccepted(MAX_MB)}</Text>
        </Stack>
      </Dropzone>
      {error ? <Text c="red" size="sm" role="alert">{error}</Text> : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="photos-count">{M.photosCount(items.length)}</Text>
        {items.length > 1 ? <Text size="sm" c="dimmed">{M.photosReorderHint}</Text> : null}
      </Group>
      {pendingNote && items.some((i) => i.kind === 'local') ? <Text size="sm" c="dimmed">{M.photosPendingPublish}</Text> : null}
      {items.length === 0 ? <Text size="sm" c="dimmed">{M.photosNone}</Text> : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.map((i) => i.key)} strategy={rectSortingStrategy}>
            <ol className="nj-lf-photos" aria-label={M.stepPhotos}>
              {items.map((item, index) => (
                <Tile key={item.key} item={item} index={index} cover={item.key === cover} onRemove={() => onRemove(item)} onRetry={() => onRetry(item)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Stack>
  );
}
