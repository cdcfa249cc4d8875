import type { TContractState } from '@nj/contracts/rent-contracts/schemas';
import { api, apiUrl } from '../api/client.ts';

/** Query keys of the contract tab. */
export const CONTRACT_KEYS = { state: (ruid: string) => ['contract', ruid] as const };

/** GET /api/v1/rents/{ruid}/contract — the contract's state (ZContractState). */
export function getContract(ruid: string, signal?: AbortSignal): Promise<TContractState> {
  return api<TContractState>('GET', `/v1/rents/${encodeURIComponent(ruid)}/contract`, { signal });
}

/** POST /api/v1/rents/contract, /send-link-to-sign or /sign `{ ruid }` — the state after the call. */
export function postContract(action: 'contract' | 'send-link-to-sign' | 'sign', ruid: string): Promise<TContractState> {
  return api<TContractState>('POST', `/v1/rents/${action}`, { body: { ruid } });
}

/** The URL of a contract file: the draft (`pdf`), the signed PDF or the audit trail. */
export function contractFileUrl(ruid: string, kind: 'pdf' | 'signed' | 'audit'): string {
  return apiUrl(`/v1/rents/${encodeURIComponent(ruid)}/contract/${kind}`);
}

/**
 * Downloads a contract file through fetch (so a refusal shows in Spanish instead of a JSON page) and saves it.
 * @throws Error when the answer is not the PDF (the caller shows 'Error al descargar el archivo')
 */
export async function downloadContractFile(ruid: string, kind: 'pdf' | 'signed' | 'audit'): Promise<void> {
  const response = await fetch(contractFileUrl(ruid, kind), { credentials: 'include' });
  if (!response.ok || response.headers.get('content-type') !== 'application/pdf') throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `contrato-${kind}-${ruid}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The sandbox signing page's calls (ESIGN_PROVIDER=sandbox). */
export type TSandboxSigner = { slug: string; name: string; roleLabel: string; signed: boolean; document_title: string };
export function getSandboxSigner(slug: string, signal?: AbortSignal): Promise<TSandboxSigner> {
  return api<TSandboxSigner>('GET', `/v1/esign/sandbox/${encodeURIComponent(slug)}`, { signal });
}
export function postSandboxSign(slug: string, body: { full_name: string; accept: boolean }): Promise<TSandboxSigner> {
  return api<TSandboxSigner>('POST', `/v1/esign/sandbox/${encodeURIComponent(slug)}`, { body });
}
