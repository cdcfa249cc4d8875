import { createSign, type KeyObject } from 'node:crypto';

/**
 * Signs a request body the way Círculo de Crédito's API Hub requires in the `x-signature` header: ECDSA over
 * SHA-256 of the exact body bytes with the application's private key (an EC key on secp384r1 / P-384 whose
 * certificate was uploaded to the developer portal), the DER signature hex-encoded ("SHA256withECDSA";
 * github.com/APIHub-CdC/api-hub-cdc-client-nodeJS, modules/signatureGeneretion/Signer.js).
 * Takes the body text (UTF-8) and the private KeyObject; returns the lower-case hex signature.
 * @throws Error when the key cannot sign (not an EC private key).
 */
export function signCirculoPayload(body: string, privateKey: KeyObject): string {
  const signer = createSign('sha256');
  signer.update(body, 'utf8');
  return signer.sign(privateKey, 'hex');
}
