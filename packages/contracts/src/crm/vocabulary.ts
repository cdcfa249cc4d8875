/**
 * The CRM's vocabularies (issue 16; spec 03 §3 CRM client 'status, type'; decision 032): the words a Mexican broker
 * uses for where a client is in the sale or rent and what they are to the agency. Values are stored as written here
 * (migration 047 checks them); the labels are what the page shows. No Zod here: the browser imports it freely.
 */
export const CRM_STATUSES = ['prospecto', 'contactado', 'en_negociacion', 'activo', 'cerrado', 'perdido'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];
export const CRM_STATUS_LABELS: Record<CrmStatus, string> = {
  prospecto: 'Prospecto',
  contactado: 'Contactado',
  en_negociacion: 'En negociación',
  activo: 'Cliente activo',
  cerrado: 'Operación cerrada',
  perdido: 'Perdido',
};

export const CRM_TYPES = ['comprador', 'arrendatario', 'propietario', 'inversionista'] as const;
export type CrmType = (typeof CRM_TYPES)[number];
export const CRM_TYPE_LABELS: Record<CrmType, string> = {
  comprador: 'Comprador',
  arrendatario: 'Arrendatario',
  propietario: 'Propietario',
  inversionista: 'Inversionista',
};

/**
 * Limits: page size, CSV import (bytes, rows), documents space per agency and per independent agent (bytes), a
 * document's display name (characters; its file is bounded by DOCUMENT_MAX_BYTES, 10 MiB).
 */
export const CRM_LIMITS = {
  pageSize: 20,
  csvMaxBytes: 512 * 1024,
  csvMaxRows: 2000,
  docsQuotaAgencyBytes: 5 * 1024 ** 3,
  docsQuotaAgentBytes: 1024 ** 3,
  docNameMax: 200,
} as const;

/**
 * Response-time buckets of the badge (issue 16 'Response-time badge'): the agent's median first response over the
 * last 30 days, at least RESPONSE_MIN_SAMPLES conversations answered. `label` for a median in seconds.
 */
export const RESPONSE_MIN_SAMPLES = 3;
export const RESPONSE_BUCKETS = [
  { key: 'hour', maxSeconds: 3600, label: 'Responde en menos de 1 hora' },
  { key: 'hours', maxSeconds: 4 * 3600, label: 'Responde en unas horas' },
  { key: 'day', maxSeconds: 24 * 3600, label: 'Responde en menos de 1 día' },
  { key: 'days', maxSeconds: Number.POSITIVE_INFINITY, label: 'Responde en algunos días' },
] as const;
export type ResponseBucket = (typeof RESPONSE_BUCKETS)[number]['key'];

/** The bucket of a median first response in seconds (null: no median). */
export function responseBucket(medianSeconds: number | null | undefined): (typeof RESPONSE_BUCKETS)[number] | null {
  if (medianSeconds == null || !Number.isFinite(medianSeconds) || medianSeconds < 0) return null;
  return RESPONSE_BUCKETS.find((b) => medianSeconds < b.maxSeconds) ?? null;
}

/**
 * A number of bytes as a Mexican reads it (documents space, file sizes): '850 bytes', '12.3 KB', with es-MX
 * separators ('1.5 MB', '4.75 GB'), base 1024, at most 2 decimals.
 * @param bytes non-negative number of bytes
 * @returns the Spanish text
 */
export function formatCrmBytes(bytes: number): string {
  const n = Math.max(0, bytes);
  if (n < 1024) return `${n.toLocaleString('es-MX')} ${n === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = n / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toLocaleString('es-MX', { maximumFractionDigits: value < 10 ? 2 : 1 })} ${units[i]}`;
}
