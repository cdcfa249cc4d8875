import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { BANK_ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { centsToPesosText, type PayoutOrder, type PayoutProvider, type PayoutSendResult, type PayoutState } from './payout-provider.ts';

/** Settings of STP's SPEI API (PAYOUT_PROVIDER=stp; create-payout-provider.ts reads them from STP_* variables). */
export type StpSettings = {
  /** e.g. https://demo.stpmex.com:7024 (test) or the production host STP gives. */
  baseUrl: string;
  /** The company name STP registered ('empresa'). */
  empresa: string;
  /** PEM of the RSA private key whose certificate STP holds; optional passphrase. */
  privateKeyPem: string;
  passphrase?: string | undefined;
  /** The platform's STP CLABE that pays, its holder name and RFC. */
  ordenanteCuenta: string;
  ordenanteNombre: string;
  ordenanteRfc: string;
  /** Request timeout, ms (default 15 s). */
  timeoutMs?: number;
};

/** The JSON body of registraOrden (field names as STP documents them). */
export type StpOrden = {
  claveRastreo: string; conceptoPago: string; cuentaBeneficiario: string; cuentaOrdenante: string; empresa: string;
  institucionContraparte: string; institucionOperante: string; monto: string; nombreBeneficiario: string; nombreOrdenante: string;
  referenciaNumerica: string; rfcCurpBeneficiario: string; rfcCurpOrdenante: string; tipoCuentaBeneficiario: string;
  tipoCuentaOrdenante: string; tipoPago: string; fechaOperacion?: string; folioOrigen?: string; firma?: string;
};

/** STP's own institution key as sender (SPEI participant 646). */
export const STP_INSTITUTION = '90646';

/**
 * SPEI's 5-digit institution key of a CLABE's 3-digit bank code: banks are '40' + code, other participants (6xx:
 * STP, Nu, payment institutions) '90' + code, as in Banxico's catalogue of SPEI participants.
 */
export function speiInstitutionKey(bankCode: string): string {
  return (bankCode.startsWith('6') ? '90' : '40') + bankCode;
}

/**
 * The 'cadena original' STP signs for registraOrden: the order's fields in STP's fixed order, joined by '|', between
 * '||' and '||'; absent fields are empty. Order per STP's documentation of the signature ("Firma electrónica" of
 * the SPEI API, which STP hands to participants; the same order is used by STP's open-source reference client
 * https://pypi.org/project/stpmex/): institucionContraparte, empresa,
 * fechaOperacion, folioOrigen, claveRastreo, institucionOperante, monto, tipoPago, tipoCuentaOrdenante,
 * nombreOrdenante, cuentaOrdenante, rfcCurpOrdenante, tipoCuentaBeneficiario, nombreBeneficiario, cuentaBeneficiario,
 * rfcCurpBeneficiario, emailBeneficiario, tipoCuentaBeneficiario2, nombreBeneficiario2, cuentaBeneficiario2,
 * rfcCurpBeneficiario2, conceptoPago, conceptoPago2, claveCatUsuario1, claveCatUsuario2, clavePago,
 * referenciaCobranza, referenciaNumerica, tipoOperacion, topologia, usuario, medioEntrega, prioridad, iva.
 */
export function stpCadenaOriginal(o: StpOrden): string {
  const f = (v: string | undefined) => v ?? '';
  const fields = [
    o.institucionContraparte, o.empresa, o.fechaOperacion, o.folioOrigen, o.claveRastreo, o.institucionOperante, o.monto,
    o.tipoPago, o.tipoCuentaOrdenante, o.nombreOrdenante, o.cuentaOrdenante, o.rfcCurpOrdenante, o.tipoCuentaBeneficiario,
    o.nombreBeneficiario, o.cuentaBeneficiario, o.rfcCurpBeneficiario, '', '', '', '', '', o.conceptoPago, '', '', '', '', '',
    o.referenciaNumerica, '', '', '', '', '', '',
  ];
  return `||${fields.map(f).join('|')}||`;
}

/** RSA-SHA256 signature (PKCS#1 v1.5) of the cadena original, base64, as STP's 'firma'. */
export function signStpCadena(cadena: string, key: KeyObject): string {
  return sign('RSA-SHA256', Buffer.from(cadena, 'utf8'), key).toString('base64');
}

/** Text for SPEI: accents dropped, only letters, digits and spaces, trimmed to `max`. */
function speiText(text: string, max: number): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * The STP client (decision 025): sends SPEI transfers with registraOrden — PUT {baseUrl}/speiws/rest/ordenPago/registra
 * with the order as JSON and its 'firma' (STP's SPEI REST API "Registra Orden", documented to participants and
 * summarized by STP's client https://pypi.org/project/stpmex/, test host https://demo.stpmex.com:7024; the answer is `{ resultado: { id } }`, an id of more than 3 digits meaning accepted, otherwise
 * `descripcionError` says why it was refused). Settlement ('liquidada', 'devuelta') is notified by STP to a webhook
 * this product does not have yet, so `state` answers 'unknown'.
 * @throws (send) AppError UNAVAILABLE M.providerUnavailable on network errors, timeouts and HTTP 5xx (the job retries
 *   with the same tracking key, which STP refuses as duplicate if the first one arrived)
 */
export function createStpPayoutProvider(settings: StpSettings): PayoutProvider {
  const key = createPrivateKey({ key: settings.privateKeyPem, format: 'pem', ...(settings.passphrase ? { passphrase: settings.passphrase } : {}) });
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    name: 'stp',
    async send(order: PayoutOrder): Promise<PayoutSendResult> {
      const orden: StpOrden = {
        claveRastreo: order.trackingKey, conceptoPago: speiText(order.concept, 39), cuentaBeneficiario: order.beneficiaryClabe,
        cuentaOrdenante: settings.ordenanteCuenta, empresa: settings.empresa, institucionContraparte: speiInstitutionKey(order.beneficiaryBankCode),
        institucionOperante: STP_INSTITUTION, monto: centsToPesosText(order.amountCents), nombreBeneficiario: speiText(order.beneficiaryName, 39),
        nombreOrdenante: speiText(settings.ordenanteNombre, 39), referenciaNumerica: String(order.numericReference % 10_000_000),
        rfcCurpBeneficiario: 'ND', rfcCurpOrdenante: settings.ordenanteRfc, tipoCuentaBeneficiario: '40', tipoCuentaOrdenante: '40', tipoPago: '1',
      };
      const body = { ...orden, firma: signStpCadena(stpCadenaOriginal(orden), key) };
      let res: Response;
      try {
        res = await fetch(`${base}/speiws/rest/ordenPago/registra`, {
          method: 'PUT', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        });
      } catch (err) {
        console.error(`stp: registraOrden ${order.trackingKey} failed: ${(err as Error).message}`);
        throw new AppError('UNAVAILABLE', M.providerUnavailable);
      }
      if (res.status >= 500) {
        console.error(`stp: registraOrden ${order.trackingKey} HTTP ${res.status}`);
        throw new AppError('UNAVAILABLE', M.providerUnavailable);
      }
      const json = (await res.json().catch(() => null)) as { resultado?: { id?: number; descripcionError?: string } } | null;
      const id = json?.resultado?.id;
      if (typeof id === 'number' && id > 999) return { outcome: 'accepted', providerId: String(id) };
      return { outcome: 'rejected', reason: json?.resultado?.descripcionError ?? `HTTP ${res.status}` };
    },
    async state(): Promise<PayoutState> {
      return 'unknown';
    },
  };
}
