import { createVerify, type KeyObject } from 'node:crypto';

/**
 * Checks the `x-signature` header of an answer from Círculo de Crédito: ECDSA/SHA-256 over the exact body bytes,
 * DER hex-encoded, made with Círculo's key whose certificate the developer portal gives each application
 * (github.com/APIHub-CdC/api-hub-cdc-client-nodeJS, Signer.verifyPayload).
 * Takes the body text, the header's value (undefined when absent) and Círculo's public KeyObject; returns true only
 * for a valid signature. Never throws.
 */
export function verifyCirculoSignature(body: string, signature: string | undefined, publicKey: KeyObject): boolean {
  if (!signature || !/^[0-9a-fA-F]+$/.test(signature)) return false;
  try {
    const verifier = createVerify('sha256');
    verifier.update(body, 'utf8');
    return verifier.verify(publicKey, signature, 'hex');
  } catch {
    return false;
  }
}
