/**
 * Masks a secret as `abcd***wxyz`. Secrets of 8 characters or fewer become `***` entirely:
 * showing 4+4 characters of a short key would show all of it.
 */
export function maskKey(secret: string | null | undefined): string {
  if (!secret) return '***';
  if (secret.length <= 8) return '***';
  return `${secret.slice(0, 4)}***${secret.slice(-4)}`;
}

/** Replaces every occurrence of each secret in `text` with its mask. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(maskKey(secret));
  }
  return out;
}

/** `scheme://user:password@` in any text; the password stops at what a URL cannot hold unencoded. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:'"]*):([^\s/?#@'"]+)@/gi;

/** Masks the password of every URL in `text` (`http://admin:BASI***9999@host`), keeping the rest. */
export function maskUrlPasswords(text: string): string {
  return text.includes('://') ? text.replace(URL_PASSWORD, (_, head: string, password: string) => `${head}:${maskKey(password)}@`) : text;
}
