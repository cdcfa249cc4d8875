import type { TClientDocument, TProofOfAddress } from '@nj/contracts';
import type { PersonDocumentRow } from './documents-repository.ts';

/** A client's identity document as the API returns it (spec 03 §3: documentId, dtype; never the storage key). */
export function presentClientDocument(row: PersonDocumentRow): TClientDocument {
  return {
    documentId: row.slug, dtype: row.kind as TClientDocument['dtype'], content_type: row.content_type, size: row.size,
    filename: row.filename, created: row.updated_at.toISOString(),
  };
}

/** A stored file's public facts (slug, type, size, name, when). */
export function presentDocumentFile(row: PersonDocumentRow) {
  return { slug: row.slug, content_type: row.content_type, size: row.size, filename: row.filename, created: row.updated_at.toISOString() };
}

/** A proof of address as spec 03 §3 'Person data' poa has it (slug, addr, neighborhood, city, municipality, state, cp). */
export function presentProofOfAddress(row: PersonDocumentRow): TProofOfAddress {
  return {
    ...presentDocumentFile(row),
    addr: row.addr ?? '', neighborhood: row.neighborhood ?? '', city: row.city ?? '', municipality: row.municipality ?? '',
    state: row.state ?? '', cp: row.cp ?? '',
  };
}
