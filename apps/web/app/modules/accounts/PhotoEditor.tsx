import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert, Avatar, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { PROFILE_PHOTO_MESSAGES as M } from '@nj/contracts/media/messages';
import { toast } from '../toast/toast.ts';
import { errorMessage, photoUrl, postProfilePhoto, unwrapClient, type TClient } from './api.ts';
import { useSession } from './session.tsx';
import { useSuccessNotice } from './success-notice.ts';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic'];

/** The file's extension in lower case ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Draws the cropped square of `src` (area in source pixels) into a JPEG blob of at most 1024 px. */
async function cropToBlob(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const side = Math.min(1024, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.92));
}

/**
 * Profile-photo picker (spec 02 §2 modal 7, §4 "Profile photo"): no file → file chosen (preview centre-cropped to a
 * square, movable and zoomable) → saved through `POST /api/v1/client/profilephoto` (field profilephoto). HEIC files,
 * which browsers cannot draw, are sent whole and the server crops them to the centre.
 */
export function PhotoEditor({ onSaved, onCancel }: { onSaved: (client: TClient | null) => void; onCancel: () => void }) {
  const { client, setClient } = useSession();
  const notice = useSuccessNotice();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = photoUrl(client, 'full');

  useEffect(() => () => { if (src) URL.revokeObjectURL(src); }, [src]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  // The small preview follows the crop (debounced by the browser's idle frame).
  useEffect(() => {
    if (!src || !area) return;
    let alive = true;
    const id = window.setTimeout(() => {
      cropToBlob(src, area).then((b) => { if (alive) setPreview(URL.createObjectURL(b)); }).catch(() => {});
    }, 120);
    return () => { alive = false; window.clearTimeout(id); };
  }, [src, area]);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!EXTENSIONS.includes(fileExtension(chosen.name))) {
      setError(M.badExtension);
      return;
    }
    setError(null);
    setFile(chosen);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setPreview(null);
    setSrc(fileExtension(chosen.name) === 'heic' ? null : URL.createObjectURL(chosen));
  };

  const save = async () => {
    if (!file) return;
    setBusy(true);
    try {
      let blob: Blob = file;
      let name = file.name;
      if (src && area) {
        try {
          blob = await cropToBlob(src, area);
          name = name.replace(/\.[^.]+$/, '') + '.jpg';
        } catch {
          toast('danger', M.processFailed);
          return;
        }
      }
      const answer = await postProfilePhoto(blob, name);
      const updated = answer ? unwrapClient(answer as TClient | { client: TClient }) : null;
      if (updated?.cuid) setClient(updated);
      notice(M.updated);
      onSaved(updated);
    } catch (err) {
      toast('danger', errorMessage(err, M.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      <input
        ref={inputRef}
        type="file"
        accept=".jpg,.jpeg,.png,.webp,.heic,image/jpeg,image/png,image/webp,image/heic"
        aria-label={M.file}
        style={{ display: 'none' }}
        onChange={(e) => { pick(e.currentTarget.files?.[0]); e.currentTarget.value = ''; }}
      />
      {file && src ? (
        <>
          <div className="nj-crop-area">
            <Cropper image={src} crop={crop} zoom={zoom} aspect={1} cropShape="round" showGrid={false}
              onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
          </div>
          <Slider aria-label={M.zoom} min={1} max={3} step={0.05} value={zoom} onChange={setZoom} label={null} />
          <Group gap="sm" align="center">
            <Avatar src={preview} size={64} radius="xl" alt={M.preview} />
            <Text size="sm" c="dimmed">{M.preview}</Text>
          </Group>
        </>
      ) : file ? (
        <Text size="sm">{file.name} — {M.heicNote}</Text>
      ) : (
        <Group justify="center" py="md">
          <Avatar src={current} size={120} radius={120} alt={M.preview} />
        </Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>{M.cancel}</Button>
        <Button variant="light" onClick={() => inputRef.current?.click()}>{file || current ? M.change : M.select}</Button>
        <Button onClick={() => void save()} disabled={!file} loading={busy}>{M.save}</Button>
      </Group>
    </Stack>
  );
}
