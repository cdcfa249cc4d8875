import { createServer } from 'node:http';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';

/** How the fake answers: as DocuSeal does, with a 422 error, too slowly, or with a body that is not the documented shape. */
export type FakeDocusealMode = 'ok' | 'error' | 'timeout' | 'malformed';

type FakeSubmitter = { id: number; submission_id: number; slug: string; role: string; email: string; name: string; status: string; completed_at: string | null };

/**
 * For tests: a local stand-in for DocuSeal's API (https://www.docuseal.com/docs/api) — `POST /submissions/pdf`,
 * `GET /submissions/{id}`, and the document/audit-log downloads it links to — checking the `X-Auth-Token` header
 * (401 otherwise). `complete(submissionId, role)` marks a submitter signed as DocuSeal's signing form would.
 * Records each request (method, path, token, body).
 */
export async function startFakeDocusealServer(options: { apiKey: string; holdMs?: number }) {
  const state = {
    mode: 'ok' as FakeDocusealMode,
    requests: [] as { method: string; path: string; token: string | undefined; body: unknown }[],
    submissions: new Map<number, { name: string; pdfBase64: string; submitters: FakeSubmitter[] }>(),
  };
  let nextId = 500;
  let base = '';
  const submissionBody = (id: number) => {
    const s = state.submissions.get(id)!;
    const done = s.submitters.every((x) => x.status === 'completed');
    return {
      id, name: s.name, status: done ? 'completed' : 'pending', source: 'api',
      submitters: s.submitters.map((x) => ({ ...x, uuid: `u-${x.id}`, embed_src: `${base}/s/${x.slug}` })),
      audit_log_url: done ? `${base}/file/audit-${id}.pdf` : null,
      combined_document_url: done ? `${base}/file/signed-${id}.pdf` : null,
      documents: done ? [{ name: s.name, url: `${base}/file/signed-${id}.pdf` }] : [],
    };
  };
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const token = req.headers['x-auth-token'] as string | undefined;
    const path = req.url ?? '';
    state.requests.push({ method: req.method ?? '', path, token, body: text && req.headers['content-type']?.includes('json') ? JSON.parse(text) : null });
    const send = (status: number, body: string | Buffer, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (token !== options.apiKey) return send(401, '{"error":"Not authenticated"}');
    if (state.mode === 'timeout') {
      const timer = setTimeout(() => send(200, '{}'), options.holdMs ?? 2000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (state.mode === 'error') return send(422, '{"error":"Submitters are missing"}');
    if (state.mode === 'malformed') return send(200, '{"id":"x","submitters":"nadie"}');
    const file = /^\/file\/(signed|audit)-(\d+)\.pdf$/.exec(path);
    if (file && req.method === 'GET') {
      const s = state.submissions.get(Number(file[2]));
      if (!s) return send(404, '{"error":"Not found"}');
      return send(200, file[1] === 'signed' ? Buffer.from(s.pdfBase64, 'base64') : Buffer.from('%PDF-1.4 audit\n%%EOF'), 'application/pdf');
    }
    if (req.method === 'POST' && path === '/submissions/pdf') {
      const body = JSON.parse(text) as { name?: string; documents?: { file?: string }[]; submitters?: { role: string; email: string; name: string }[] };
      if (!body.documents?.[0]?.file || !body.submitters?.length) return send(422, '{"error":"Documents and submitters are required"}');
      const id = nextId++;
      state.submissions.set(id, {
        name: body.name ?? 'Documento', pdfBase64: body.documents[0].file,
        submitters: body.submitters.map((s, i) => ({ id: id * 10 + i, submission_id: id, slug: `slug${id}${i}abcdef`, role: s.role, email: s.email, name: s.name, status: 'awaiting', completed_at: null })),
      });
      return send(200, JSON.stringify(submissionBody(id)));
    }
    const get = /^\/submissions\/(\d+)$/.exec(path);
    if (req.method === 'GET' && get) {
      if (!state.submissions.has(Number(get[1]))) return send(404, '{"error":"Not found"}');
      return send(200, JSON.stringify(submissionBody(Number(get[1]))));
    }
    return send(404, '{"error":"Not found"}');
  });
  const { url, close } = await listenLocally(server);
  base = url;
  return {
    url, close, state,
    /** Marks `role` of submission `id` signed now. */
    complete(id: string, role: string) {
      const s = state.submissions.get(Number(id))!.submitters.find((x) => x.role === role)!;
      s.status = 'completed';
      s.completed_at = new Date().toISOString();
    },
  };
}
