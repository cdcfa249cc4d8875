import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { DocumentKind, DocumentPersonRole } from '@nj/contracts';

/** One stored document as kept in person_documents (migration 030); the file itself is sealed in the storage. */
export type PersonDocumentRow = {
  slug: string; cuid: string; kind: DocumentKind; ruid: string | null; role: DocumentPersonRole | null;
  storage_key: string; content_type: string; size: number; filename: string;
  addr: string | null; neighborhood: string | null; city: string | null; municipality: string | null; state: string | null; cp: string | null;
  created_at: Date; updated_at: Date;
};
/** Where one document belongs: a client's identity document (ruid null) or a rent person's document. */
export type DocumentPlace = { cuid: string; kind: DocumentKind; ruid: string | null; role: DocumentPersonRole | null };
/** What a new file writes on its row. */
export type DocumentFileFacts = {
  storage_key: string; content_type: string; size: number; filename: string;
  address?: { addr: string; neighborhood: string; city: string; municipality: string; state: string; cp: string } | null;
};

const COLUMNS = [
  'slug', 'cuid', 'kind', 'ruid', 'role', 'storage_key', 'content_type', 'size', 'filename',
  'addr', 'neighborhood', 'city', 'municipality', 'state', 'cp', 'created_at', 'updated_at',
] as const;

/** SQL of personal documents (table person_documents, migration 030). */
export const documentsRepository = {
  /** The document `slug`, or undefined. */
  async find(database: Database, slug: string): Promise<PersonDocumentRow | undefined> {
    return await database.db.selectFrom('person_documents').select(COLUMNS).where('slug', '=', slug).executeTakeFirst() as PersonDocumentRow | undefined;
  },

  /** The current document at `place` (a client's identity type, or a rent person's kind), or undefined; `db` may be a transaction. */
  async findAt(db: Kysely<DB>, place: DocumentPlace): Promise<PersonDocumentRow | undefined> {
    let q = db.selectFrom('person_documents').select(COLUMNS).where('kind', '=', place.kind);
    q = place.ruid === null
      ? q.where('cuid', '=', place.cuid).where('ruid', 'is', null)
      : q.where('ruid', '=', place.ruid).where('role', '=', place.role!);
    return await q.executeTakeFirst() as PersonDocumentRow | undefined;
  },

  /** Every document of rent `ruid` (its people's proofs). */
  async listForRent(database: Database, ruid: string): Promise<PersonDocumentRow[]> {
    return await database.db.selectFrom('person_documents').select(COLUMNS).where('ruid', '=', ruid).orderBy('role').orderBy('kind').execute() as PersonDocumentRow[];
  },

  /** The identity documents (INE) of client `cuid`. */
  async listIdentity(database: Database, cuid: string): Promise<PersonDocumentRow[]> {
    return await database.db.selectFrom('person_documents').select(COLUMNS).where('cuid', '=', cuid).where('ruid', 'is', null).orderBy('kind').execute() as PersonDocumentRow[];
  },

  /** Inserts a new document row at `place` with slug `slug`. Throws the driver's unique violation on a race. */
  async insert(db: Kysely<DB>, slug: string, place: DocumentPlace, file: DocumentFileFacts): Promise<void> {
    await db.insertInto('person_documents').values({
      slug, cuid: place.cuid, kind: place.kind, ruid: place.ruid, role: place.role,
      storage_key: file.storage_key, content_type: file.content_type, size: file.size, filename: file.filename,
      ...(file.address ?? {}),
    }).execute();
  },

  /** (`db` may be a transaction.) Points document `slug` at a new file (a replacement keeps the slug), with the address when given. */
  async replaceFile(db: Kysely<DB>, slug: string, file: DocumentFileFacts): Promise<void> {
    await db.updateTable('person_documents').set({
      storage_key: file.storage_key, content_type: file.content_type, size: file.size, filename: file.filename,
      ...(file.address ?? {}), updated_at: new Date(),
    }).where('slug', '=', slug).execute();
  },
};
