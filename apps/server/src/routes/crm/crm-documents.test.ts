import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { CRM_LIMITS, CRM_MESSAGES as M, DOCUMENT_MESSAGES as DM, ZCrmClient, ZCrmDocsSpace, ZCrmDocument, ZCrmDocuments } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { testPdf, testPng } from '@nj/core/rent-documents/testing/document-fixtures';
import { sweepOrphanMedia } from '@nj/core/media/sweep-orphan-media';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs, type TestCaller } from '../../testing/call-as.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp({}, { dataDirPrefix: 'nj-crm-docs-api-' });
const hex = () => randomBytes(6).toString('hex');

/** A multipart form with one file in field `file`. */
function form(name: string, bytes: Buffer, field = 'file') {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function upload(app: FastifyInstance, who: TestCaller, uid: string, name: string, bytes: Buffer, field = 'file') {
  const f = form(name, bytes, field);
  return app.inject({
    method: 'POST', url: `/api/v1/crm/clients/${uid}/docs`, payload: f.body,
    headers: { 'content-type': f.type, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}

/** An agency administered by a new client, with `agents` approved agents (who see only their own CRM clients). */
async function agencyWith(agents: number) {
  const db = t.database.db;
  const admin = await createTestClientSession(t.database);
  const auid = `ag${hex()}`;
  await sql`INSERT INTO agencies (auid, name, admin_cuid) VALUES (${auid}, ${`Agencia docs ${auid}`}, ${admin.cuid})`.execute(db);
  const members = [];
  for (let i = 0; i < agents; i++) {
    const a = await createTestClientSession(t.database);
    await sql`INSERT INTO agency_agents (agent_uid, auid, cuid, status) VALUES (${`am${hex()}`}, ${auid}, ${a.cuid}, 'approved')`.execute(db);
    await sql`UPDATE clients SET is_agent = true, nickname = ${`Asesor ${i + 1}`} WHERE cuid = ${a.cuid}`.execute(db);
    members.push(a);
  }
  return { auid, admin, agents: members };
}

/** The keys stored under crm-documents/. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.services.storage.list('crm-documents/')) keys.push(o.key);
  return keys.sort();
}

describe('documents of a CRM client (issue 16 CRM; decision 032 "Documents of a CRM client")', () => {
  it('uploads by content, lists, downloads, deletes; counts in the space; refuses other CRMs, non-agents and visitors', async () => {
    const { app, database } = t;
    const { admin, agents } = await agencyWith(2);
    const [a1, a2] = agents as [typeof admin, typeof admin];
    const other = await agencyWith(0);
    const plain = await createTestClientSession(database);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const his = ZCrmClient.parse((await callAs(app, a1, 'POST', '/api/v1/crm/clients', { name: 'Carla Documentos' })).json().data);
    const mine = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Diego Expediente' })).json().data);
    const before = await storedKeys();

    // The agent who follows the client uploads a PDF; the administrator (who sees all) a PNG.
    const pdf = await testPdf(1);
    const up = await upload(app, a1, his.uid, 'Contrato firmado ñandú.pdf', pdf);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().msg).toBe(M.docUploaded);
    const doc = ZCrmDocument.parse(up.json().data);
    expect(doc).toMatchObject({ name: 'Contrato firmado ñandú.pdf', size_bytes: pdf.length, content_type: 'application/pdf', uploaded_by: { cuid: a1.cuid, nickname: 'Asesor 1' } });
    const png = await testPng(40, 30);
    const up2 = await upload(app, admin, his.uid, `${'x'.repeat(250)}.png`, png);
    expect(up2.statusCode, up2.body).toBe(200);
    const long = ZCrmDocument.parse(up2.json().data);
    expect(long.name).toHaveLength(CRM_LIMITS.docNameMax);
    expect(long.name.endsWith('.png')).toBe(true);
    expect(long.content_type).toBe('image/png');

    // Stored sealed: a new file per document, no PDF bytes readable in storage.
    const keys = (await storedKeys()).filter((k) => !before.includes(k));
    expect(keys).toHaveLength(2);
    for (const k of keys) expect((await app.services.storage.get(k))!.body.includes(Buffer.from('%PDF-'))).toBe(false);

    // Judged by content, not by name: text is 415, a PNG named .pdf is 415, an empty form 400, another field 400.
    const text = await upload(app, a1, his.uid, 'notas.pdf', Buffer.from('solo texto, no es un documento'));
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toBe(DM.fileType);
    const disguised = await upload(app, a1, his.uid, 'foto.pdf', png);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().msg).toBe(DM.fileNameMismatch);
    expect((await upload(app, a1, his.uid, 'x.pdf', pdf, 'document')).statusCode).toBe(400);
    expect((await callAs(app, a1, 'POST', `/api/v1/crm/clients/${his.uid}/docs`, { file: 'x' })).statusCode).toBe(400);

    // The list, newest first, and the space counting the files.
    const listed = await callAs(app, a1, 'GET', `/api/v1/crm/clients/${his.uid}/docs`);
    expect(listed.statusCode).toBe(200);
    const docs = ZCrmDocuments.parse(listed.json().data);
    expect(docs.docs.map((d) => d.duid).sort()).toEqual([doc.duid, long.duid].sort());
    expect(docs.space).toMatchObject({ used_bytes: pdf.length + png.length, files: 2, quota_bytes: CRM_LIMITS.docsQuotaAgencyBytes });
    const space = ZCrmDocsSpace.parse((await callAs(app, admin, 'GET', '/api/v1/crm/docs/space')).json().data);
    expect(space).toMatchObject({ used_bytes: pdf.length + png.length, files: 2 });

    // Download: the original bytes as an attachment of the stored type.
    const got = await callAs(app, admin, 'GET', `/api/v1/crm/clients/${his.uid}/docs/${doc.duid}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment; filename="Contrato firmado _and_\.pdf"; filename\*=UTF-8''Contrato%20firmado%20%C3%B1and%C3%BA\.pdf$/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(pdf)).toBe(true);

    // Authorization: visitors and anonymous clients 401, non-agents 403, another CRM or an agent who does not see the client 404.
    const calls = [
      (who: TestCaller) => callAs(app, who, 'GET', `/api/v1/crm/clients/${his.uid}/docs`),
      (who: TestCaller) => callAs(app, who, 'GET', `/api/v1/crm/clients/${his.uid}/docs/${doc.duid}`),
      (who: TestCaller) => callAs(app, who, 'DELETE', `/api/v1/crm/clients/${his.uid}/docs/${doc.duid}`),
      (who: TestCaller) => upload(app, who, his.uid, 'intruso.pdf', pdf),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(anonymous)).statusCode).toBe(401);
      const refused = await call(plain);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(M.agentsOnly);
      for (const stranger of [a2, other.admin]) {
        const hidden = await call(stranger);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json().msg).toBe(M.notFound);
      }
    }
    // A document asked through another client of the same CRM is not found.
    const wrongClient = await callAs(app, admin, 'GET', `/api/v1/crm/clients/${mine.uid}/docs/${doc.duid}`);
    expect(wrongClient.statusCode).toBe(404);
    expect(wrongClient.json().msg).toBe(M.docNotFound);
    expect((await callAs(app, admin, 'DELETE', `/api/v1/crm/clients/${mine.uid}/docs/${doc.duid}`)).statusCode).toBe(404);
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${his.uid}/docs/crd_no_existe`)).statusCode).toBe(404);
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${his.uid}/docs/${encodeURIComponent('a b')}`)).statusCode).toBe(400);
    expect((await storedKeys()).filter((k) => !before.includes(k))).toHaveLength(2);

    // Delete: the row and its file go, the space is freed; again is a 404.
    const deleted = await callAs(app, a1, 'DELETE', `/api/v1/crm/clients/${his.uid}/docs/${long.duid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().msg).toBe(M.docDeleted);
    const after = ZCrmDocuments.parse(deleted.json().data);
    expect(after.docs.map((d) => d.duid)).toEqual([doc.duid]);
    expect(after.space).toMatchObject({ used_bytes: pdf.length, files: 1 });
    expect((await storedKeys()).filter((k) => !before.includes(k))).toHaveLength(1);
    const again = await callAs(app, a1, 'DELETE', `/api/v1/crm/clients/${his.uid}/docs/${long.duid}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(M.docNotFound);
  });

  it('refuses a file that does not fit in the space with a Spanish 413 before storing anything', async () => {
    const { app, database } = t;
    const { admin } = await agencyWith(0);
    const client = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Elena Cupo' })).json().data);
    const pdf = await testPdf(1);
    // Another client of the agency's CRM already fills the space but for fewer bytes than the PDF.
    const filler = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Relleno' })).json().data);
    const free = 100;
    await sql`INSERT INTO crm_documents (duid, uid, name, size_bytes, storage_key) VALUES (${`crd_${hex()}`}, ${filler.uid}, 'relleno.pdf', ${CRM_LIMITS.docsQuotaAgencyBytes - free}, ${`crm-documents/relleno/${hex()}.bin`})`.execute(database.db);
    const before = await storedKeys();
    const full = await upload(app, admin, client.uid, 'escritura.pdf', pdf);
    expect(full.statusCode).toBe(413);
    expect(full.json().msg).toBe(M.docsQuotaFull('100 bytes'));
    expect(await storedKeys()).toEqual(before);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM crm_documents WHERE uid = ${client.uid}`.execute(database.db)).rows[0]!.n).toBe(0);
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM media_pending WHERE key LIKE 'crm-documents/%'`.execute(database.db);
    expect(pending.rows[0]!.n).toBe(0);

    // An independent agent's space is 1 GiB and theirs alone.
    const independent = await createTestClientSession(database);
    await sql`UPDATE clients SET is_agent = true WHERE cuid = ${independent.cuid}`.execute(database.db);
    const own = ZCrmClient.parse((await callAs(app, independent, 'POST', '/api/v1/crm/clients', { name: 'Fernando Propio' })).json().data);
    const ok = await upload(app, independent, own.uid, 'ine.pdf', pdf);
    expect(ok.statusCode, ok.body).toBe(200);
    const space = ZCrmDocsSpace.parse((await callAs(app, independent, 'GET', '/api/v1/crm/docs/space')).json().data);
    expect(space).toEqual({ used_bytes: pdf.length, quota_bytes: CRM_LIMITS.docsQuotaAgentBytes, files: 1, auid: null });
  });

  it('a CRM client deleted by cascade leaves no rows, and the orphan sweep removes its files', async () => {
    const { app, database } = t;
    const { admin } = await agencyWith(0);
    const client = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Gabriela Baja' })).json().data);
    const kept = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Hugo Sigue' })).json().data);
    const before = await storedKeys();
    expect((await upload(app, admin, client.uid, 'a.pdf', await testPdf(1))).statusCode).toBe(200);
    expect((await upload(app, admin, kept.uid, 'b.png', await testPng(20, 20))).statusCode).toBe(200);
    const keys = (await storedKeys()).filter((k) => !before.includes(k));
    expect(keys).toHaveLength(2);
    const goneKey = (await sql<{ storage_key: string }>`SELECT storage_key FROM crm_documents WHERE uid = ${client.uid}`.execute(database.db)).rows[0]!.storage_key;
    await sql`DELETE FROM crm_clients WHERE uid = ${client.uid}`.execute(database.db);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM crm_documents WHERE uid = ${client.uid}`.execute(database.db)).rows[0]!.n).toBe(0);
    await sweepOrphanMedia({ database, storage: app.services.storage }, { olderThanSeconds: 0 });
    const left = await storedKeys();
    expect(left).not.toContain(goneKey);
    expect(left).toContain(keys.find((k) => k !== goneKey));
  });

  it('DELETE /v1/crm/clients/{uid}: the administrator or the agent who added the client; notes, links, documents and files go, the partner is unlinked', async () => {
    const { app, database } = t;
    const { admin, agents } = await agencyWith(2);
    const [a1, a2] = agents as [typeof admin, typeof admin];
    const other = await agencyWith(0);
    const plain = await createTestClientSession(database);
    const client = ZCrmClient.parse((await callAs(app, a1, 'POST', '/api/v1/crm/clients', { name: 'Irene Se Va' })).json().data);
    const partner = ZCrmClient.parse((await callAs(app, admin, 'POST', '/api/v1/crm/clients', { name: 'Julio Queda' })).json().data);
    expect((await callAs(app, admin, 'POST', `/api/v1/crm/clients/${client.uid}/partner`, { partner_uid: partner.uid })).statusCode).toBe(200);
    expect((await callAs(app, a1, 'POST', `/api/v1/crm/clients/${client.uid}/notes`, { body: 'Quiere mudarse en enero' })).statusCode).toBe(200);
    const before = await storedKeys();
    expect((await upload(app, a1, client.uid, 'ine.pdf', await testPdf(1))).statusCode).toBe(200);
    const fileKey = (await storedKeys()).find((k) => !before.includes(k))!;
    const count = async (table: 'crm_clients' | 'crm_notes' | 'crm_documents') =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE uid = ${client.uid}`.execute(database.db)).rows[0]!.n;

    // Refusals change nothing: visitors 401, non-agents 403, another agency 404, an agent who did not add it 404 or,
    // once the administrator assigns it to them, 403 'Solo el administrador…'; the detail says who may delete.
    expect((await callAs(app, null, 'DELETE', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(401);
    expect((await callAs(app, plain, 'DELETE', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(403);
    expect((await callAs(app, other.admin, 'DELETE', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(404);
    expect((await callAs(app, a2, 'DELETE', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(404);
    expect((await callAs(app, admin, 'PUT', `/api/v1/crm/clients/${client.uid}/assigned_to`, { assigned_to: a2.cuid })).statusCode).toBe(200);
    const refused = await callAs(app, a2, 'DELETE', `/api/v1/crm/clients/${client.uid}`);
    expect([refused.statusCode, refused.json().msg]).toEqual([403, M.adminDeletes]);
    expect((await callAs(app, a2, 'GET', `/api/v1/crm/clients/${client.uid}`)).json().data.can_delete).toBe(false);
    expect((await callAs(app, a1, 'GET', `/api/v1/crm/clients/${client.uid}`)).json().data.can_delete).toBe(true);
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${client.uid}`)).json().data.can_delete).toBe(true);
    expect((await callAs(app, admin, 'DELETE', '/api/v1/crm/clients/crm_no_existe')).statusCode).toBe(404);
    expect([await count('crm_clients'), await count('crm_notes'), await count('crm_documents')]).toEqual([1, 1, 1]);
    expect(await storedKeys()).toContain(fileKey);

    // The agent who added it deletes it: the rows and the file go at once, the partner stays without a partner.
    const gone = await callAs(app, a1, 'DELETE', `/api/v1/crm/clients/${client.uid}`);
    expect([gone.statusCode, gone.json()]).toEqual([200, { msg: M.clientDeleted, data: null }]);
    expect([await count('crm_clients'), await count('crm_notes'), await count('crm_documents')]).toEqual([0, 0, 0]);
    expect(await storedKeys()).not.toContain(fileKey);
    expect(ZCrmClient.parse((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${partner.uid}`)).json().data.client).partner).toBeNull();
    expect((await callAs(app, admin, 'GET', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(404);
    expect((await callAs(app, a1, 'DELETE', `/api/v1/crm/clients/${client.uid}`)).statusCode).toBe(404);
  });
});
