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
