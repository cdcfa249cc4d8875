import { LISTING_PHOTO, type TDraft, type TListingImages } from '@nj/contracts/listings/schemas';
import { api, ApiError } from '../api/client.ts';
import type { ListingPayload } from './model.ts';

/** A photo of a listing as the photo calls answer it (first = cover). */
export type ListingImage = TListingImages['images'][number];

/** The server's per-field messages (`data.fields`, keyed by dot path) of a failed call; {} when there are none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

function unwrap<T>(data: unknown, key: string): T | null {
  if (data && typeof data === 'object' && key in (data as object)) return (data as Record<string, T>)[key] ?? null;
  return (data as T) ?? null;
}

/** GET /api/v1/property/draft: the signed-in client's draft of a new listing, or null. */
export async function getDraft(): Promise<TDraft | null> {
  try {
    const data = await api<unknown>('GET', '/v1/property/draft');
    const draft = unwrap<TDraft>(data, 'draft');
    return draft && typeof draft === 'object' && 'data' in draft ? draft : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Saves the draft: POST /api/v1/property/draft `{ data, step }` the first time, PUT /api/v1/property/draft/{id}
 * afterwards. Answers the stored draft (ZDraft).
 */
export async function saveDraft(id: string | null, data: Record<string, unknown>, step: number): Promise<TDraft | null> {
  const path = id ? `/v1/property/draft/${encodeURIComponent(id)}` : '/v1/property/draft';
  const answer = await api<unknown>(id ? 'PUT' : 'POST', path, { body: { data, step } });
  return unwrap<TDraft>(answer, 'draft');
}

/** What the create and update calls answer that the form needs. */
export type SavedListing = { uid: string; slug: string | null; images: ListingImage[] };

function savedOf(data: unknown): SavedListing {
  const p = unwrap<Record<string, unknown>>(data, 'property') ?? {};
  const uid = String(p.uid ?? p.puid ?? p.id ?? '');
  return { uid, slug: typeof p.slug === 'string' ? p.slug : null, images: Array.isArray(p.images) ? (p.images as ListingImage[]) : [] };
}

/**
 * POST /api/v1/property (multipart): the listing JSON in `data` plus the photos in `images`, in their order (the
 * first is the cover), and the draft it came from. Throws ApiError (with `data.fields` when fields are wrong).
 */
export async function createListing(payload: ListingPayload, files: File[], draftId: string | null): Promise<SavedListing> {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  if (draftId) form.append('draft_id', draftId);
  for (const file of files) form.append(LISTING_PHOTO.field, file, file.name);
  return savedOf(await api<unknown>('POST', '/v1/property', { body: form }));
}

/** PUT /api/v1/property/{puid}: the whole listing (same schema as creating). */
export async function updateListing(puid: string, payload: ListingPayload): Promise<SavedListing> {
  return savedOf(await api<unknown>('PUT', `/v1/property/${encodeURIComponent(puid)}`, { body: { data: payload } }));
}

/** GET /api/v1/properties/{puid}: the listing to edit (detail shape). */
export async function getListing(puid: string): Promise<Record<string, unknown>> {
  const data = await api<unknown>('GET', `/v1/properties/${encodeURIComponent(puid)}`);
  return unwrap<Record<string, unknown>>(data, 'property') ?? {};
}

function imagesOf(data: unknown): ListingImage[] {
  const images = (data as { images?: unknown } | null)?.images;
  return Array.isArray(images) ? [...(images as ListingImage[])].sort((a, b) => a.order - b.order) : [];
}

/** POST /api/v1/property/{puid}/photo: adds one photo (multipart `images`); answers all photos by order. */
export async function uploadPhoto(puid: string, file: File): Promise<ListingImage[]> {
  const form = new FormData();
  form.append(LISTING_PHOTO.field, file, file.name);
  return imagesOf(await api<unknown>('POST', `/v1/property/${encodeURIComponent(puid)}/photo`, { body: form }));
}

/** POST /api/v1/property/draft/{id}/photo: adds one photo to the draft (kept until publishing); answers all its photos. */
export async function uploadDraftPhoto(draftId: string, file: File): Promise<ListingImage[]> {
  const form = new FormData();
  form.append(LISTING_PHOTO.field, file, file.name);
  return imagesOf(await api<unknown>('POST', `/v1/property/draft/${encodeURIComponent(draftId)}/photo`, { body: form }));
}

/** DELETE /api/v1/property/draft/{id}/photo/{name}; answers the draft's remaining photos by order. */
export async function deleteDraftPhoto(draftId: string, name: string): Promise<ListingImage[]> {
  return imagesOf(await api<unknown>('DELETE', `/v1/property/draft/${encodeURIComponent(draftId)}/photo/${encodeURIComponent(name)}`));
}

/** The photos kept in a draft (`data.photos`, in order), as listing images. */
export function draftImagesOf(data: unknown): ListingImage[] {
  const list = (data as { photos?: unknown } | null)?.photos;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p, order) => {
    const photo = p as Partial<ListingImage> | null;
    return photo && typeof photo.name === 'string' && photo.url ? [{ name: photo.name, order, url: photo.url, ...(photo.processing ? { processing: true } : {}) }] : [];
  });
}

/**
 * GET /api/v1/property/{puid}/images: every photo of the owner's listing by order, those still processing marked
 * (the public detail lists only ready ones, so a photo the server dropped could not be told from one in progress).
 */
export async function getListingImages(puid: string): Promise<ListingImage[]> {
  return imagesOf(await api<unknown>('GET', `/v1/property/${encodeURIComponent(puid)}/images`));
}

/** DELETE /api/v1/property/{puid}/photo/{name}; answers the remaining photos by order. */
export async function deletePhoto(puid: string, name: string): Promise<ListingImage[]> {
  return imagesOf(await api<unknown>('DELETE', `/v1/property/${encodeURIComponent(puid)}/photo/${encodeURIComponent(name)}`));
}

/** PUT /api/v1/property/{puid}/images: the new order (every name once, first = cover). */
export async function orderPhotos(puid: string, names: string[]): Promise<ListingImage[]> {
  return imagesOf(await api<unknown>('PUT', `/v1/property/${encodeURIComponent(puid)}/images`, { body: { images: names } }));
}
