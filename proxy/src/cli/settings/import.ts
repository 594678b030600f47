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
import { addMapEntry, addSeqItem, addToListMember, replaceOnlySeqItem } from './yaml-splice';

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

    const original = readFileSync(path, 'utf8');
    const entry = { key, note: 'imported from settings.json' };
    const placeholders = provider?.api_keys.every((k) => isPlaceholderKey(k.key)) ?? false;
    // A key nobody routes to is never used: an unrouted provider becomes a fallback of the catch-all.
    const routed = [...config.routes.timed, ...config.routes.default].some((r) => r.provider === name || r.fallback?.some((f) => f.provider === name));
    const model = settings.env.ANTHROPIC_MODEL;
    const target = { provider: name, ...(model ? { model } : {}) };
    const catchAll = config.routes.default.length - 1;
    const edit: ImportEdit = { name, base, entry, exists: provider !== undefined, placeholders, route: routed ? null : { index: catchAll, target } };
    const text = spliced(original, edit) ?? reprinted(original, edit);
    parseProxyConfig(text, path);
    const models = MODEL_KEYS.filter((k) => settings.env[k]).map((k) => `  ${k}=${settings.env[k]}`);
    const lines = [
      `${args['dry-run'] ? 'would add' : 'added'} ${maskKey(key)} to providers.${name} (${base})`,
      ...(routed ? [] : [`${args['dry-run'] ? 'would route' : 'routed'} it as a fallback of the catch-all: routes.default[${catchAll}].fallback gets { provider: ${name}${model ? `, model: ${model}` : ''} } (make it a route of its own to use it first)`]),
      ...(models.length ? ['the assistant also sets model overrides; route them in config.yaml if you want them kept:', ...models] : []),
      'next: modelproxy settings apply (points the assistant at the proxy)',
    ];
    if (!args['dry-run']) writeFileAtomic(path, text, { mode: 0o600, backup: true });
    print(lines);
  },
});

interface ImportEdit {
  name: string;
  base: string;
  entry: { key: string; note: string };
  exists: boolean;
  placeholders: boolean;
  /** The catch-all route that gets the provider as a fallback target, when no route names it. */
  route: { index: number; target: Record<string, string> } | null;
}

/** The edit as text splices: every other byte, comment and blank line stays as it was. */
function spliced(text: string, edit: ImportEdit): string | null {
  const keys = ['providers', edit.name, 'api_keys'];
  let out: string | null = text;
  if (!edit.exists) out = addMapEntry(out, 'providers', edit.name, { base_url: edit.base, api_keys: [edit.entry] });
  else if (edit.placeholders) out = replaceOnlySeqItem(out, keys, edit.entry);
  else out = addSeqItem(out, keys, edit.entry);
  if (out !== null && edit.route) out = addToListMember(out, ['routes', 'default', edit.route.index], 'fallback', edit.route.target);
  return out;
}

/** The same edit on the parsed document, for layouts the splices do not handle (flow style). */
function reprinted(text: string, edit: ImportEdit): string {
  const doc = parseDocument(text);
  const keys = doc.getIn(['providers', edit.name, 'api_keys']);
  if (isSeq(keys)) {
    // A placeholder-only provider gets its placeholder replaced rather than kept in front.
    if (edit.placeholders) doc.setIn(['providers', edit.name, 'api_keys'], doc.createNode([edit.entry]));
    else keys.add(doc.createNode(edit.entry));
  } else {
    if (!isMap(doc.get('providers'))) doc.set('providers', doc.createNode({}));
    doc.setIn(['providers', edit.name], doc.createNode({ base_url: edit.base, api_keys: [edit.entry] }));
  }
  if (edit.route) {
    const path = ['routes', 'default', edit.route.index, 'fallback'];
    const fallback = doc.getIn(path);
    if (isSeq(fallback)) fallback.add(doc.createNode(edit.route.target));
    else doc.setIn(path, doc.createNode([edit.route.target]));
  }
  return doc.toString({ lineWidth: 0 });
}

/** `https://open.bigmodel.cn/api/anthropic` → `bigmodel`. */
function providerName(base: string): string {
  const labels = new URL(base).hostname.split('.').filter((l) => !['api', 'open', 'www'].includes(l));
  return (labels.length > 1 ? labels[labels.length - 2] : labels[0]) ?? 'imported';
}
