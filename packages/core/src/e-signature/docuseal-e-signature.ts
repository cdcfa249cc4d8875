import { CONTRACT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { ESignatureProvider, ESignSubmission, ESignSubmitter } from './e-signature-provider.ts';

/** DocuSeal's API settings: the server (cloud `https://api.docuseal.com`, EU, or on-premises `…/api`) and the key. */
export type DocusealConfig = { baseUrl?: string | undefined; apiKey: string; timeoutMs?: number | undefined; fetch?: typeof fetch };

/** DocuSeal's global cloud API server (https://www.docuseal.com/docs/api). */
export const DOCUSEAL_CLOUD_BASE = 'https://api.docuseal.com';

const SUBMITTER_STATUSES = new Set(['pending', 'opened', 'completed', 'declined', 'sent', 'awaiting']);
const SUBMISSION_STATUSES = new Set(['pending', 'completed', 'declined', 'expired']);

/** One submitter of DocuSeal's answer → ours, or null when it lacks the documented fields. */
function readSubmitter(raw: unknown, base: string): ESignSubmitter | null {
  const s = raw as { id?: unknown; role?: unknown; email?: unknown; slug?: unknown; embed_src?: unknown; status?: unknown; completed_at?: unknown } | null;
  if (!s || (typeof s.id !== 'number' && typeof s.id !== 'string') || typeof s.slug !== 'string' || typeof s.role !== 'string') return null;
  const status = typeof s.status === 'string' && SUBMITTER_STATUSES.has(s.status) ? s.status : 'pending';
  const completedAt = typeof s.completed_at === 'string' ? new Date(s.completed_at) : null;
  const web = base.replace(/\/api$/, '').replace('://api.', '://');
  return {
    id: String(s.id), role: s.role, email: typeof s.email === 'string' ? s.email : '',
    signingUrl: typeof s.embed_src === 'string' ? s.embed_src : `${web}/s/${s.slug}`,
    status: status === 'completed' || completedAt ? 'completed' : status === 'opened' ? 'opened' : status === 'declined' ? 'declined' : 'pending',
    completedAt: completedAt && !Number.isNaN(completedAt.getTime()) ? completedAt : null,
  };
}

/**
 * Reads a submission object of DocuSeal's API (`GET /submissions/{id}`, `POST /submissions/pdf`): `{ id, status,
 * submitters: [{ id, slug, role, email, status, completed_at, embed_src }], combined_document_url, documents:
 * [{ url }], audit_log_url }`. `POST /submissions/pdf` may answer the submitters array itself (as `POST /submissions`
 * does); then the submission id is the submitters' `submission_id`.
 * @returns the submission, or null when the body does not have the documented shape
 */
export function readDocusealSubmission(body: unknown, base: string): ESignSubmission | null {
  if (Array.isArray(body)) {
    const submitters = body.map((s) => readSubmitter(s, base));
    const id = (body[0] as { submission_id?: unknown } | undefined)?.submission_id;
    if (submitters.some((s) => s === null) || (typeof id !== 'number' && typeof id !== 'string')) return null;
    return { id: String(id), status: 'pending', submitters: submitters as ESignSubmitter[], signedDocumentUrl: null, auditLogUrl: null };
  }
  const b = body as { id?: unknown; status?: unknown; submitters?: unknown; combined_document_url?: unknown; documents?: unknown; audit_log_url?: unknown } | null;
  if (!b || (typeof b.id !== 'number' && typeof b.id !== 'string') || !Array.isArray(b.submitters)) return null;
  const submitters = b.submitters.map((s) => readSubmitter(s, base));
  if (submitters.some((s) => s === null)) return null;
  const allDone = submitters.length > 0 && submitters.every((s) => s!.status === 'completed');
  const status = typeof b.status === 'string' && SUBMISSION_STATUSES.has(b.status) ? b.status as ESignSubmission['status'] : allDone ? 'completed' : 'pending';
  const firstDocument = Array.isArray(b.documents) ? (b.documents[0] as { url?: unknown } | undefined)?.url : undefined;
  const signed = typeof b.combined_document_url === 'string' ? b.combined_document_url : typeof firstDocument === 'string' ? firstDocument : null;
  return {
    id: String(b.id), status, submitters: submitters as ESignSubmitter[],
    signedDocumentUrl: status === 'completed' ? signed : null,
    auditLogUrl: typeof b.audit_log_url === 'string' ? b.audit_log_url : null,
  };
}

/**
 * The real client of DocuSeal's REST API (https://www.docuseal.com/docs/api): every request carries the
 * `X-Auth-Token` header with the API key, bounded by `timeoutMs` (default 15 s).
 * - createSubmission: `POST /submissions/pdf` `{ name, documents: [{ name, file: <base64 PDF> }], submitters:
 *   [{ role, name, email, external_id }], send_email: false }` (we e-mail each party their own link);
 * - getSubmission: `GET /submissions/{id}`;
 * - download: GET of a document or audit-log URL DocuSeal returned.
 * @throws AppError UNAVAILABLE M.providerUnavailable on a timeout, network error, non-2xx or malformed answer
 *   (logged with the status only, no personal data)
 */
export function createDocusealESignature(config: DocusealConfig): ESignatureProvider {
  const base = (config.baseUrl ?? DOCUSEAL_CLOUD_BASE).replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { 'X-Auth-Token': config.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      console.error(`docuseal ${method} ${path.split('/')[1]}: no answer: ${error instanceof Error ? error.name : 'error'}`);
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
    if (!response.ok) {
      console.error(`docuseal ${method} ${path.split('/')[1]}: status ${response.status}`);
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
    try {
      return JSON.parse(text);
    } catch {
      console.error(`docuseal ${method} ${path.split('/')[1]}: malformed answer`);
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
  }
  const submissionOrThrow = (body: unknown) => {
    const submission = readDocusealSubmission(body, base);
    if (!submission) {
      console.error('docuseal: submission without the documented shape');
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
    return submission;
  };
  return {
    name: 'docuseal',
    async createSubmission(input) {
      const body = await call('POST', '/submissions/pdf', {
        name: input.name,
        documents: [{ name: input.name, file: input.pdf.toString('base64') }],
        submitters: input.submitters.map((s) => ({ role: s.role, name: s.name, email: s.email, external_id: s.externalId })),
        send_email: false,
      });
      const created = submissionOrThrow(body);
      // The creation answer may omit the status fields: read the whole submission once.
      return created.submitters.length === input.submitters.length ? created : this.getSubmission(created.id);
    },
    async getSubmission(id) {
      return submissionOrThrow(await call('GET', `/submissions/${encodeURIComponent(id)}`));
    },
    async download(url) {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'X-Auth-Token': config.apiKey } });
        if (!response.ok) throw new Error(`status ${response.status}`);
        return Buffer.from(await response.arrayBuffer());
      } catch (error) {
        console.error(`docuseal download: ${error instanceof Error ? error.message : 'error'}`);
        throw new AppError('UNAVAILABLE', M.providerUnavailable);
      }
    },
  };
}
