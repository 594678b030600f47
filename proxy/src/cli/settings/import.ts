import { maskKey, writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { readFileSync } from 'node:fs';
import { isMap, isSeq, parseDocument } from 'yaml';
import { isPlaceholderKey, parseProxyConfig } from '../../config';
import { print } from '../_args';
import { loadContext } from '../_context';
import { BadArgument } from '../_errors';
import { claudeSettingsPath, readSettings } from './file';
import { MODEL_KEYS, pointsHere } from './managed';

/**
 * The other direction: the upstream and key the assistant uses directly become a provider key in
 * config.yaml (comments kept, validated before an atomic write with a backup).
 */
export default defineCommand({
  meta: { name: 'import', description: "Import the assistant's current upstream and key into config.yaml" },
  args: {
    provider: { type: 'string', description: 'Provider name to add the key to (default: the provider with the same base_url, else one named after the host)' },
    'dry-run': { type: 'boolean', description: 'Print what would be imported without writing', default: false },
  },
  run({ args }) {
    const { config, path } = loadContext();
    const settings = readSettings(claudeSettingsPath());
    const base = settings.env.ANTHROPIC_BASE_URL?.replace(/\/+$/, '');
    const key = settings.env.ANTHROPIC_AUTH_TOKEN || settings.env.ANTHROPIC_API_KEY;
    if (!base) throw new BadArgument(`${settings.path} sets no ANTHROPIC_BASE_URL; nothing to import`);
    if (pointsHere(settings.env, config)) throw new BadArgument(`${settings.path} already points at the proxy; nothing to import`);
    if (!key) throw new BadArgument(`${settings.path} sets no ANTHROPIC_AUTH_TOKEN or ANTHROPIC_API_KEY; nothing to import`);
    const existing = Object.entries(config.providers).find(([, p]) => p.base_url.replace(/\/+$/, '') === base)?.[0];
    const name = args.provider || existing || providerName(base);
    const provider = config.providers[name];
    if (provider?.api_keys.some((k) => k.key === key)) return print(`${maskKey(key)} is already in providers.${name}`);

    const doc = parseDocument(readFileSync(path, 'utf8'));
    const entry = { key, note: 'imported from settings.json' };
    const keys = doc.getIn(['providers', name, 'api_keys']);
    if (isSeq(keys)) {
      // A placeholder-only provider gets its placeholder replaced rather than kept in front.
      const placeholders = provider?.api_keys.every((k) => isPlaceholderKey(k.key)) ?? false;
      if (placeholders) doc.setIn(['providers', name, 'api_keys'], doc.createNode([entry]));
      else keys.add(doc.createNode(entry));
    } else {
      if (!isMap(doc.get('providers'))) doc.set('providers', doc.createNode({}));
      doc.setIn(['providers', name], doc.createNode({ base_url: base, api_keys: [entry] }));
    }
    const text = doc.toString();
    parseProxyConfig(text, path);
    const models = MODEL_KEYS.filter((k) => settings.env[k]).map((k) => `  ${k}=${settings.env[k]}`);
    const lines = [
      `${args['dry-run'] ? 'would add' : 'added'} ${maskKey(key)} to providers.${name} (${base})`,
      ...(models.length ? ['the assistant also sets model overrides; route them in config.yaml if you want them kept:', ...models] : []),
      'next: modelproxy settings apply (points the assistant at the proxy)',
    ];
    if (!args['dry-run']) writeFileAtomic(path, text, { mode: 0o600, backup: true });
    print(lines);
  },
});

/** `https://open.bigmodel.cn/api/anthropic` → `bigmodel`. */
function providerName(base: string): string {
  const labels = new URL(base).hostname.split('.').filter((l) => !['api', 'open', 'www'].includes(l));
  return (labels.length > 1 ? labels[labels.length - 2] : labels[0]) ?? 'imported';
}
