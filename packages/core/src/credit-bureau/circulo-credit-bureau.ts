import type { KeyObject } from 'node:crypto';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { buildCirculoRequest } from './build-circulo-request.ts';
import { CREDIT_REPORT_TTL_DAYS, type CreditBureauProvider, type CreditBureauReport } from './credit-bureau-provider.ts';
import { signCirculoPayload } from './sign-circulo-payload.ts';
import { verifyCirculoSignature } from './verify-circulo-signature.ts';

export type CirculoConfig = {
  /** CIRCULO_API_KEY: the application's key (x-api-key) from Círculo de Crédito's developer portal. */
  apiKey: string;
  /** CIRCULO_USERNAME and CIRCULO_PASSWORD: the bureau user Círculo assigns to the grantor (headers username, password). */
  username: string;
  password: string;
  /** CIRCULO_PRIVATE_KEY: our EC P-384 private key; its certificate is uploaded to the portal. Signs requests. */
  privateKey: KeyObject;
  /** CIRCULO_PUBLIC_KEY: Círculo's certificate (or public key) from the portal. Checks the answers' signature. */
  publicKey: KeyObject;
  /** CIRCULO_API_BASE: the product's URL; default https://services.circulodecredito.com.mx/v2/rccficoscore. */
  baseUrl?: string | undefined;
  /** Request timeout, ms; default 30 000 (Círculo's own clients wait 30 s). */
  timeoutMs?: number;
  /** Days the report stays usable (CreditBureauReport.expiresAt); default CREDIT_REPORT_TTL_DAYS. */
  ttlDays?: number;
  fetch?: typeof fetch;
  now?: () => Date;
};

type CirculoAnswer = {
  folioConsulta?: unknown;
  scores?: { nombreScore?: unknown; valor?: unknown; razones?: unknown }[] | null;
  mensajes?: { tipoMensaje?: unknown; leyenda?: unknown }[] | null;
};

/** The FICO score of an answer (0 = none, as Círculo documents: values are 0 or 300–850), or 'bad' when unreadable. */
function readScore(scores: CirculoAnswer['scores']): { score: number | null; reasons: string[] } | 'bad' {
  if (scores === undefined || scores === null) return { score: null, reasons: [] };
  if (!Array.isArray(scores)) return 'bad';
  const fico = scores.find((s) => typeof s?.nombreScore === 'string' && /fico/i.test(s.nombreScore)) ?? scores[0];
  if (!fico) return { score: null, reasons: [] };
  const value = fico.valor;
  if (typeof value !== 'number' || !Number.isInteger(value) || (value !== 0 && (value < 300 || value > 850))) return 'bad';
  const reasons = fico.razones ?? [];
  if (!Array.isArray(reasons) || !reasons.every((r) => typeof r === 'string')) return 'bad';
  return { score: value === 0 ? null : value, reasons: reasons as string[] };
}

/**
 * A client of Círculo de Crédito's "Reporte de Crédito Consolidado con FICO® Score" (API Hub, product
 * `rccficoscore` v2): `POST {base}` with a JSON PersonaPeticion (buildCirculoRequest) and the headers `x-api-key`,
 * `username`, `password` and `x-signature` (signCirculoPayload: ECDSA P-384 / SHA-256 over the body, hex). The
 * answer (Respuesta) carries `folioConsulta`, the person's credits, queries, addresses and jobs, `scores` [{
 * nombreScore 'FICO', valor 0 or 300–850, razones ['D8', …] }] and `mensajes`; it is signed by Círculo in its own
 * `x-signature`, which is checked (verifyCirculoSignature) before anything is read. Errors come as `{ errores: [{
 * codigo, mensaje }] }` (400 for a field the bureau refuses, 401/403 for credentials or signature).
 * Docs: https://developer.circulodecredito.com.mx (Reporte de Crédito Consolidado con FICO® Score),
 * https://github.com/APIHub-CdC/rcc-ficoscore-client-java (request and answer models).
 *
 * Takes the CirculoConfig; returns a CreditBureauProvider whose getReport() resolves with the CreditBureauReport
 * (score null when Círculo gives none; expiresAt = now + ttlDays). Throws AppError BAD_REQUEST
 * CREDIT_BUREAU_MESSAGES.rejectedData for incomplete data (before calling) or Círculo's 400; AppError UNAVAILABLE
 * CREDIT_BUREAU_MESSAGES.unavailable on a timeout, a network error, any other status, a missing or wrong answer
 * signature, or an answer without folioConsulta or with an unreadable score (the cause and Círculo's error codes
 * are logged, never the person's data).
 */
export function createCirculoCreditBureau(config: CirculoConfig): CreditBureauProvider {
  const url = (config.baseUrl ?? 'https://services.circulodecredito.com.mx/v2/rccficoscore').replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const unavailable = (cause: string) => {
    console.error(`circulo: ${cause}`);
    return new AppError('UNAVAILABLE', CREDIT_BUREAU_MESSAGES.unavailable);
  };
  const errorCodes = (text: string): string => {
    try {
      const errores = (JSON.parse(text) as { errores?: { codigo?: unknown }[] }).errores;
      return Array.isArray(errores) ? errores.map((e) => String(e?.codigo)).join(',') : 'none';
    } catch {
      return 'unreadable';
    }
  };
  return {
    name: 'circulo',
    async getReport(person) {
      const body = JSON.stringify(buildCirculoRequest(person));
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'x-api-key': config.apiKey, username: config.username, password: config.password,
            'x-signature': signCirculoPayload(body, config.privateKey),
            'content-type': 'application/json', accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
        text = await response.text();
      } catch (error) {
        throw unavailable(`request ${person.reference} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status === 400) {
        console.error(`circulo: HTTP 400 for ${person.reference}, codes ${errorCodes(text)}`);
        throw new AppError('BAD_REQUEST', CREDIT_BUREAU_MESSAGES.rejectedData);
      }
      if (response.status !== 200) throw unavailable(`HTTP ${response.status} for ${person.reference}, codes ${errorCodes(text)}`);
      if (!verifyCirculoSignature(text, response.headers.get('x-signature') ?? undefined, config.publicKey)) {
        throw unavailable(`answer for ${person.reference} is unsigned or its x-signature does not verify`);
      }
      let answer: CirculoAnswer;
      try {
        answer = JSON.parse(text) as CirculoAnswer;
      } catch {
        throw unavailable(`answer for ${person.reference} is not JSON`);
      }
      const folio = answer?.folioConsulta;
      const scored = readScore(answer?.scores);
      if ((typeof folio !== 'string' && typeof folio !== 'number') || String(folio) === '' || scored === 'bad') {
        throw unavailable(`answer for ${person.reference} without folioConsulta or with an unreadable score`);
      }
      const notices = Array.isArray(answer.mensajes)
        ? answer.mensajes.map((m) => m?.leyenda).filter((l): l is string => typeof l === 'string' && l.length > 0)
        : [];
      const queriedAt = now();
      return {
        provider: 'circulo', source: 'rccficoscore', folio: String(folio), score: scored.score, reasons: scored.reasons, notices,
        username: config.username, queriedAt,
        expiresAt: new Date(queriedAt.getTime() + (config.ttlDays ?? CREDIT_REPORT_TTL_DAYS) * 86_400_000),
        response: text,
      } satisfies CreditBureauReport;
    },
  };
}
