import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

export type TOutboxRow = {
  id: number;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: string[];
  codes: string[];
  /** Files of an e-mail (migration 019), e.g. a visit's .ics invitation. */
  attachments: { filename: string; contentType: string; content: string }[];
  created_at: string;
};

/** SQL of the message outbox (table `outbox`, migration 004). */
export const outboxRepository = {
  /** Keeps one message; `db` is the database's Kysely or a transaction (a job completing in the same one). */
  async insert(
    db: Kysely<DB>,
    row: {
      channel: TOutboxRow['channel']; to: string; subject?: string | null; text: string; html?: string | null; links: string[]; codes: string[];
      attachments?: TOutboxRow['attachments'];
    },
  ): Promise<number> {
    const r = await db
      .insertInto('outbox')
      .values({
        channel: row.channel, to: row.to, subject: row.subject ?? null, text: row.text, html: row.html ?? null,
        links: JSON.stringify(row.links), codes: JSON.stringify(row.codes),
        attachments: JSON.stringify((row.attachments ?? []).map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content }))),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },
  /** Newest first; `to` compared case-insensitively. */
  async list(database: Database, options: { to?: string; limit: number }): Promise<TOutboxRow[]> {
    let q = database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
    if (options.to) q = q.where((eb) => eb(eb.fn('lower', ['to']), '=', options.to!.trim().toLowerCase()));
    const rows = await q.execute();
    return rows.map((r) => ({
      id: Number(r.id), channel: r.channel, to: r.to, subject: r.subject, text: r.text, html: r.html,
      links: parseJsonArray(r.links), codes: parseJsonArray(r.codes), attachments: parseAttachments(r.attachments), created_at: new Date(r.created_at).toISOString(),
    }));
  },
};

function parseJsonArray(v: unknown): string[] {
  const a = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(a) ? a.map(String) : [];
}

function parseAttachments(v: unknown): TOutboxRow['attachments'] {
  const a = typeof v === 'string' ? JSON.parse(v) : v;
  if (!Array.isArray(a)) return [];
  return a.map((x: { filename?: unknown; content_type?: unknown; content?: unknown }) => ({
    filename: String(x.filename ?? ''), contentType: String(x.content_type ?? ''), content: String(x.content ?? ''),
  }));
}
