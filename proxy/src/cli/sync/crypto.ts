import { Value } from '@sinclair/typebox/value';
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { Type as t } from '@sinclair/typebox';
import { CommandFailed } from '../_errors';

/**
 * The stored blob: AES-256-GCM with a key derived from the passphrase by scrypt, a fresh random
 * salt and nonce per push. The header fields are authenticated as associated data, so changing
 * any of them (or a byte of the ciphertext) makes decryption fail.
 */
export const SyncBlob = t.Object({
  format: t.Literal('modelproxy-sync'),
  v: t.Literal(1),
  kdf: t.Object({ name: t.Literal('scrypt'), N: t.Integer({ minimum: 1024, maximum: 1 << 20 }), r: t.Integer({ minimum: 1, maximum: 32 }), p: t.Integer({ minimum: 1, maximum: 16 }), salt: t.String() }),
  cipher: t.Literal('aes-256-gcm'),
  iv: t.String(),
  tag: t.String(),
  data: t.String(),
  created_at: t.String(),
});
export type SyncBlob = typeof SyncBlob.static;

export class SyncDecryptFailed extends CommandFailed {
  constructor(message: string) {
    super(message, 'SYNC_DECRYPT_FAILED');
  }
}

/** OWASP's scrypt minimum (N=2^17) costs ~128 MiB; 2^15 keeps a push under a second on small machines. */
const KDF = { N: 1 << 15, r: 8, p: 1 };

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(passphrase.normalize('NFC'), salt, 32, options, (err, key) => (err ? reject(err) : resolve(key))));
}

const aad = (b: Pick<SyncBlob, 'format' | 'v' | 'kdf' | 'cipher' | 'created_at'>): Buffer =>
  Buffer.from(JSON.stringify({ format: b.format, v: b.v, kdf: b.kdf, cipher: b.cipher, created_at: b.created_at }));

export async function encryptConfig(plaintext: string, passphrase: string, now = new Date()): Promise<SyncBlob> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = { format: 'modelproxy-sync' as const, v: 1 as const, kdf: { name: 'scrypt' as const, ...KDF, salt: salt.toString('base64') }, cipher: 'aes-256-gcm' as const, created_at: now.toISOString() };
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, KDF), iv);
  cipher.setAAD(aad(header));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ...header, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** Parses and decrypts a blob; any mismatch (passphrase, tampering, format) is a SyncDecryptFailed. */
export async function decryptConfig(text: string, passphrase: string): Promise<{ plaintext: string; blob: SyncBlob }> {
  let blob: unknown;
  try {
    blob = JSON.parse(text);
  } catch {
    throw new SyncDecryptFailed('the remote file is not a modelproxy sync blob (not JSON)');
  }
  if (!Value.Check(SyncBlob, blob)) throw new SyncDecryptFailed('the remote file is not a modelproxy sync blob (unexpected fields)');
  try {
    const key = await deriveKey(passphrase, Buffer.from(blob.kdf.salt, 'base64'), blob.kdf);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(blob.iv, 'base64'));
    decipher.setAAD(aad(blob));
    decipher.setAuthTag(Buffer.from(blob.tag, 'base64'));
    const plaintext = Buffer.concat([decipher.update(Buffer.from(blob.data, 'base64')), decipher.final()]).toString('utf8');
    return { plaintext, blob };
  } catch {
    throw new SyncDecryptFailed('cannot decrypt the remote config: wrong passphrase, or the blob was modified; nothing was changed');
  }
}
