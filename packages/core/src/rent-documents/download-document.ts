import { DOCUMENT_KINDS, DOCUMENT_MESSAGES as M, type TReviewDocument } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { detectImageKind } from '../media/detect-image-kind.ts';
import { hasPrivilege, isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { personDocumentPolicy } from '../policies/person-document.ts';
import type { RentStep } from '../rents/rent-steps.ts';
import { rentsRepository, type RentRow } from '../rents/rents-repository.ts';
import { openSealedBytes } from '../security/seal-bytes.ts';
import { documentsRepository, type PersonDocumentRow } from './documents-repository.ts';
import type { DocumentDeps } from './save-document-file.ts';
import { watermarkImage, watermarkPdf } from './watermark-document.ts';

/** Steps in which the owner may read the applicant's documents: the proposal was sent (issue 12 'Rules'). */
export const OFFER_SENT_STEPS: ReadonlySet<RentStep> = new Set(['on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent']);

/** A downloadable file: bytes, content type, file name, and whether it is a watermarked copy. */
export type DocumentDownload = { body: Buffer; contentType: string; filename: string; watermarked: boolean };

/** The listing's address as the watermark names it: street and number, colonia, municipality or city, state. */
export async function listingAddress(database: Database, puid: string): Promise<string> {
  const p = await database.db.selectFrom('properties').select(['street', 'number_ext', 'neighborhood', 'municipality', 'city', 'state'])
    .where('puid', '=', puid).executeTakeFirst();
  if (!p) return 'esta propiedad';
  const street = [p.street, p.number_ext].filter(Boolean).join(' ');
  return [street, p.neighborhood, p.municipality ?? p.city, p.state].filter((s) => s && String(s).trim()).join(', ') || 'esta propiedad';
}

/** A date as the watermark writes it, in Mexico City: '26 de noviembre de 2026'. */
export function watermarkDate(now: Date): string {
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' }).format(now);
}

/** The rent an owner reads document `doc` for: its own rent, or (identity documents) `ruid` naming its person. */
async function rentOfDocument(database: Database, doc: PersonDocumentRow, ruid: string | undefined): Promise<RentRow | null> {
  const id = doc.ruid ?? ruid;
  if (!id) return null;
  const rent = await rentsRepository.find(database, id);
  if (!rent) return null;
  if (doc.ruid !== null) return rent;
  if (rent.renter_cuid === doc.cuid) return rent;
  const named = await database.db.selectFrom('rent_persons').select('role').where('ruid', '=', rent.ruid).where('cuid', '=', doc.cuid).executeTakeFirst();
  return named ? rent : null;
}

/**
 * Who reads document `slug` and how (the rule of downloadDocument): its own person and support (`own`), or the
 * listing's owner through `rent` once its proposal was sent.
 * @returns `{ doc, own, rent }` (rent null when own)
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'Error al descargar el archivo' for an unknown slug or anyone else
 */
async function resolveDocumentAccess(database: Database, input: { actor: Actor; slug: string; ruid?: string }) {
  authorize(input.actor, personDocumentPolicy, 'read');
  const doc = await documentsRepository.find(database, input.slug);
  if (!doc) throw new AppError('NOT_FOUND', M.downloadFailed);
  const own = isClient(input.actor, doc.cuid) || hasPrivilege(input.actor, 'support');
  const rent = own ? null : await rentOfDocument(database, doc, input.ruid);
  authorize(input.actor, personDocumentPolicy, 'read', {
    cuid: doc.cuid, owner_cuid: rent?.owner_cuid ?? null, offer_sent: rent !== null && OFFER_SENT_STEPS.has(rent.step as RentStep),
  });
  return { doc, own, rent };
}

/**
 * The link that opens document `slug` for the actor (spec 03 §7 'download a file (body slug; returns a link)'; POST
 * /api/v1/documents/link): the same-origin GET /api/v1/documents/{slug}, with `ruid` when the owner reads an INE
 * through a rent. Checks the access first, so a link is only handed to who may open it; the link itself still
 * needs the session (it is no bearer token).
 * @returns `{ url, content_type, filename, watermarked }` (what the link will give: a copy is a JPEG or a PDF)
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'Error al descargar el archivo'
 */
export async function documentLink(
  database: Database, input: { actor: Actor; slug: string; ruid?: string },
): Promise<{ url: string; content_type: string; filename: string; watermarked: boolean }> {
  const { doc, own, rent } = await resolveDocumentAccess(database, input);
  const base = `/api/v1/documents/${encodeURIComponent(doc.slug)}`;
  const url = !own && doc.ruid === null ? `${base}?ruid=${encodeURIComponent(rent!.ruid)}` : base;
  if (own) return { url, content_type: doc.content_type, filename: doc.filename, watermarked: false };
  const pdf = doc.content_type === 'application/pdf';
  return { url, content_type: pdf ? 'application/pdf' : 'image/jpeg', filename: doc.filename.replace(/\.[a-z0-9]{2,5}$/i, '') + (pdf ? '-copia.pdf' : '-copia.jpg'), watermarked: true };
}

/**
 * The file of document `slug` (spec 03 §7 'download a file (body slug; returns a link)'; issue 12 'The owner's
 * decision'; GET /api/v1/documents/{slug}): its own person and support get the ORIGINAL; the owner of the listing of
 * a rent that names the person — only once the proposal was sent (on_offer or later) — gets a WATERMARKED copy
 * 'Solo para la renta de {dirección} — {fecha}' (images: tiled diagonally, re-encoded as JPEG at most 2,000 px;
 * PDFs: stamped on every page), never the original. Identity documents (INE) belong to no rent: the owner names the
 * rent with `ruid` (the review's links do).
 * @param input `{ actor, slug, ruid? (identity documents read by an owner), now? (the watermark's date; default now) }`
 * @returns `{ body, contentType, filename, watermarked }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'Error al descargar el archivo' for an unknown slug, anyone else, or the
 *   owner before the proposal is sent; INTERNAL 'Error al descargar el archivo' when the stored file is missing or
 *   cannot be opened
 */
export async function downloadDocument(
  deps: DocumentDeps, input: { actor: Actor; slug: string; ruid?: string; now?: Date },
): Promise<DocumentDownload> {
  const { doc, own, rent } = await resolveDocumentAccess(deps.database, input);
  const stored = await deps.storage.get(doc.storage_key);
  if (!stored) throw new AppError('INTERNAL', M.downloadFailed);
  const original = openSealedBytes(deps.dataKey, stored.body);
  if (own) return { body: original, contentType: doc.content_type, filename: doc.filename, watermarked: false };
  const text = M.watermark(await listingAddress(deps.database, rent!.puid), watermarkDate(input.now ?? new Date()));
  const base = doc.filename.replace(/\.[a-z0-9]{2,5}$/i, '');
  try {
    if (doc.content_type === 'application/pdf') {
      return { body: await watermarkPdf(original, text), contentType: 'application/pdf', filename: `${base}-copia.pdf`, watermarked: true };
    }
    const kind = await detectImageKind(original.subarray(0, 4100));
    if (!kind) throw new Error('not an image');
    return { body: await watermarkImage(original, kind, text), contentType: 'image/jpeg', filename: `${base}-copia.jpg`, watermarked: true };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', M.downloadFailed);
  }
}

/**
 * The applicant's documents the owner's review lists (issue 12 'The owner's decision'): every person's proofs on
 * rent `ruid` and the INE sides of the renter and of the people rent_persons names, each with the link that opens it
 * (`/api/v1/documents/{slug}?ruid=…`: the owner gets the watermarked copy). No authorization here: getOfferReview
 * has checked the reader.
 * @returns `[{ kind, person, slug, content_type, url }]`, renter first
 */
export async function listReviewDocuments(database: Database, rent: { ruid: string; renter_cuid: string }): Promise<TReviewDocument[]> {
  const url = (slug: string) => `/api/v1/documents/${encodeURIComponent(slug)}?ruid=${encodeURIComponent(rent.ruid)}`;
  const people = await database.db.selectFrom('rent_persons').select(['role', 'cuid']).where('ruid', '=', rent.ruid)
    .where('role', 'in', ['second_renter', 'aval']).where('cuid', 'is not', null).execute();
  const persons: { role: TReviewDocument['person']; cuid: string }[] = [
    { role: 'renter', cuid: rent.renter_cuid },
    ...people.map((p) => ({ role: p.role as TReviewDocument['person'], cuid: p.cuid! })),
  ];
  const order = ['renter', 'second_renter', 'aval'];
  const out: TReviewDocument[] = [];
  for (const person of persons) {
    for (const row of await documentsRepository.listIdentity(database, person.cuid)) {
      out.push({ kind: row.kind, person: person.role, slug: row.slug, content_type: row.content_type, url: url(row.slug) });
    }
  }
  for (const row of await documentsRepository.listForRent(database, rent.ruid)) {
    out.push({ kind: row.kind, person: row.role!, slug: row.slug, content_type: row.content_type, url: url(row.slug) });
  }
  return out.sort((a, b) => order.indexOf(a.person) - order.indexOf(b.person) || DOCUMENT_KINDS.indexOf(a.kind) - DOCUMENT_KINDS.indexOf(b.kind));
}
