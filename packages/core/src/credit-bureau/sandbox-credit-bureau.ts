import { createHash } from 'node:crypto';
import { buildCirculoRequest } from './build-circulo-request.ts';
import { CREDIT_REPORT_TTL_DAYS, type CreditBureauProvider } from './credit-bureau-provider.ts';

/**
 * What steers the sandbox bureau, by the person's first last name (for developers, tests and end-to-end stories):
 * 'Riesgo' gets a low score, 'Sin Historial' no score at all (no credit history), anyone else a good score.
 */
export const SANDBOX_CREDIT = {
  lowScoreLastName: 'Riesgo',
  noHistoryLastName: 'Sin Historial',
  goodScore: 720,
  lowScore: 520,
} as const;

/**
 * The sandbox credit bureau: behaves like Círculo de Crédito's report (createCirculoCreditBureau) without calling
 * anyone. Same input rules (buildCirculoRequest: AppError BAD_REQUEST CREDIT_BUREAU_MESSAGES.rejectedData with the
 * bad fields), then an answer shaped like Círculo's Respuesta (folioConsulta, persona, scores [{ nombreScore 'FICO',
 * valor, razones }], mensajes) chosen by SANDBOX_CREDIT: 520 with reasons D8, E4, K0, D2 for 'Riesgo', no score
 * for 'Sin Historial', otherwise 720 with reasons K0, D2. The folio is stable for the same person. Takes optional
 * `ttlDays` (default CREDIT_REPORT_TTL_DAYS) and `now`; never built in production (readCreditBureauSettings refuses it).
 */
export function createSandboxCreditBureau(options: { ttlDays?: number; now?: () => Date } = {}): CreditBureauProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'sandbox',
    async getReport(person) {
      const request = buildCirculoRequest(person);
      const lastName = request.apellidoPaterno.replace(/\s+/g, '');
      const scores = lastName === 'SINHISTORIAL'
        ? []
        : lastName === SANDBOX_CREDIT.lowScoreLastName.toUpperCase()
          ? [{ nombreScore: 'FICO', valor: SANDBOX_CREDIT.lowScore, razones: ['D8', 'E4', 'K0', 'D2'] }]
          : [{ nombreScore: 'FICO', valor: SANDBOX_CREDIT.goodScore, razones: ['K0', 'D2'] }];
      const digest = createHash('sha256').update(`${request.RFC}\n${request.fechaNacimiento}\n${request.apellidoPaterno}`).digest();
      const folio = String(digest.readUInt32BE(0) % 1_000_000_000).padStart(9, '0');
      const answer = {
        folioConsulta: folio,
        folioConsultaOtorgante: person.reference,
        persona: {
          apellidoPaterno: request.apellidoPaterno, apellidoMaterno: request.apellidoMaterno, primerNombre: request.primerNombre,
          fechaNacimiento: request.fechaNacimiento, RFC: request.RFC, nacionalidad: request.nacionalidad,
        },
        consultas: [], creditos: [], domicilios: [{ ...request.domicilio }], empleos: [],
        scores,
        mensajes: [],
      };
      const queriedAt = now();
      return {
        provider: 'sandbox', source: 'rccficoscore', folio,
        score: scores[0]?.valor ?? null, reasons: scores[0]?.razones ?? [], notices: [], username: null, queriedAt,
        expiresAt: new Date(queriedAt.getTime() + (options.ttlDays ?? CREDIT_REPORT_TTL_DAYS) * 86_400_000),
        response: JSON.stringify(answer),
      };
    },
  };
}
