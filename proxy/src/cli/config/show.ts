import { maskKey, maskUrlPasswords, redact } from '@devhub/shared';
import { defineCommand } from 'citty';
import { readFileSync } from 'node:fs';
import { isScalar, parseDocument, visit } from 'yaml';
import type { ProxyConfig } from '../../config';
import { print } from '../_args';
import { loadContext } from '../_context';

/** Prints config.yaml as written, byte for byte, except that every key, token and URL password is masked. */
export default defineCommand({
  meta: { name: 'show', description: 'Print config.yaml with keys masked' },
  run() {
    const { path, config } = loadContext();
    print(maskConfigText(readFileSync(path, 'utf8'), config).trimEnd());
  },
});

export function maskConfigText(text: string, config: ProxyConfig): string {
  return maskUrlPasswords(maskSecrets(text, config));
}

function maskSecrets(text: string, config: ProxyConfig): string {
  const secrets = [...Object.values(config.providers).flatMap((p) => p.api_keys.map((k) => k.key)), config.server.auth_token].filter(Boolean);
  // Replacing very short secrets as text would hit unrelated words; mask those field by field.
  if (secrets.every((s) => s.length >= 4)) return redact(text, secrets.sort((a, b) => b.length - a.length));
  const doc = parseDocument(text);
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && ['key', 'auth_token'].includes(String(pair.key.value)) && isScalar(pair.value) && typeof pair.value.value === 'string' && pair.value.value) {
        pair.value.value = maskKey(pair.value.value);
      }
    },
  });
  return doc.toString();
}
