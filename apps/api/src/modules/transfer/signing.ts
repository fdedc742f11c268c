import { createHash, createHmac, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { SignedTransferFile, TransferDocument } from '@balcony/contracts';

// The signed file of an account transfer (decision 0250): the document's JSON text signed with
// Ed25519. Ed25519 rather than an HMAC, so the partner (and anyone the member shows the file to)
// verifies it with the public key (GET /transfer/public-key) and can never make one. The key is
// derived from TRANSFER_SIGNING_KEY, else from AUTH_SECRET, so every replica signs alike.

/** DER prefix of a PKCS#8 Ed25519 private key, followed by its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface TransferSigner {
  readonly keyId: string;
  /** SPKI, PEM. */
  readonly publicKeyPem: string;
  /** Signs a document: the file handed to the member and the partner. */
  sign(document: TransferDocument): SignedTransferFile;
}

/** The signer of a secret: its Ed25519 seed is HMAC-SHA256(secret, a fixed label). */
export function createTransferSigner(secret: Uint8Array | string): TransferSigner {
  const seed = createHmac('sha256', secret).update('balcony account transfer signing key').digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const keyId = createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('base64url')
    .slice(0, 16);
  return {
    keyId,
    publicKeyPem,
    sign(document) {
      const text = JSON.stringify(document);
      return {
        format: 'balcony-account-transfer+ed25519',
        keyId,
        document: text,
        signature: sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url'),
      };
    },
  };
}

/**
 * The document of a signed file when its signature holds under `publicKeyPem` and it is a
 * transfer document; null for anything else (a changed byte, another key, a foreign shape).
 */
export function verifyTransferFile(file: unknown, publicKeyPem: string | KeyObject): TransferDocument | null {
  const parsed = SignedTransferFile.safeParse(file);
  if (!parsed.success) return null;
  const { document, signature } = parsed.data;
  const key = typeof publicKeyPem === 'string' ? createPublicKey(publicKeyPem) : publicKeyPem;
  let valid: boolean;
  try {
    valid = verify(null, Buffer.from(document, 'utf8'), key, Buffer.from(signature, 'base64url'));
  } catch {
    return null;
  }
  if (!valid) return null;
  try {
    const content = TransferDocument.safeParse(JSON.parse(document));
    return content.success ? content.data : null;
  } catch {
    return null;
  }
}
