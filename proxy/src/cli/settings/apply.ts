import { defineCommand } from 'citty';
import { settingsRestorePath } from '../../config';
import { addressArgs, print } from '../_args';
import { loadContext } from '../_context';
import { claudeSettingsPath, readSettings, writeSettings } from './file';
import { DUMMY_TOKEN, desiredEnv, envChanges, showValue } from './managed';
import { readRestoreFile, sameJson, slotOf, writeRestoreFile, type RestoreRecord } from './restore';
import { describeStatusLine, statusLineSetting } from './statusline-command';

/** Points the assistant at the proxy: only managed env keys (and, when asked, statusLine) change. */
export default defineCommand({
  meta: { name: 'apply', description: 'Point the assistant at the proxy (writes only the managed env keys, with a backup; settings remove undoes it)' },
  args: {
    ...addressArgs,
    'keep-models': { type: 'boolean', description: 'Leave model env keys (ANTHROPIC_MODEL, …) alone', default: false },
    statusline: { type: 'boolean', description: "Also install `modelproxy statusline` as Claude Code's status line (statusLine)", default: false },
    'dry-run': { type: 'boolean', description: 'Print the changes without writing', default: false },
  },
  run({ args }) {
    const { config, dir } = loadContext();
    const file = readSettings(claudeSettingsPath());
    const changes = envChanges(file.env, desiredEnv(config, args['keep-models'], args));
    const statusLine = args.statusline ? statusLineSetting() : null;
    const statusLineChanges = statusLine !== null && !sameJson(file.data.statusLine, statusLine);
    if (changes.length === 0 && !statusLineChanges) return print(`${file.path} already points at the proxy; nothing to change`);
    const lines = changes.map((c) => `  ${c.key}: ${showValue(c.key, c.from)} → ${showValue(c.key, c.to)}`);
    if (statusLineChanges) lines.push(`  statusLine: ${describeStatusLine(file.data.statusLine)} → ${statusLine.command}`);
    if (args['dry-run']) return print([`would change ${file.path}:`, ...lines]);

    // What was there first is recorded before anything is written, so `settings remove` can put it back.
    const restorePath = settingsRestorePath(dir);
    const restore = readRestoreFile(restorePath);
    const record: RestoreRecord = restore.files[file.path] ?? { ...(file.exists ? { original: file.text } : { created: true }), env_present: 'env' in file.data, env_order: Object.keys(file.env), env: {} };
    const env: Record<string, string> = { ...file.env };
    for (const c of changes) {
      const first = record.env[c.key];
      record.env[c.key] = { before: first ? first.before : c.from ?? null, applied: c.to };
      if (c.to === null) delete env[c.key];
      else env[c.key] = c.to;
    }
    if (statusLineChanges) record.statusLine = { before: record.statusLine?.before ?? slotOf(file.data, 'statusLine'), applied: statusLine };
    restore.files[file.path] = record;
    writeRestoreFile(restorePath, restore);
    // A real client token (server.auth_token) opens the proxy, and so the provider keys, to whoever reads it.
    const holdsToken = [env.ANTHROPIC_AUTH_TOKEN, env.ANTHROPIC_API_KEY].some((v) => v !== undefined && v !== DUMMY_TOKEN);
    const narrowed = writeSettings(file, { ...(changes.length > 0 ? { env } : {}), ...(statusLineChanges ? { statusLine } : {}) }, undefined, holdsToken);
    print([
      `updated ${file.path}${file.exists ? ` (previous file: ${file.path}.bak)` : ''}:`,
      ...lines,
      ...(narrowed ? [`  ${file.path} is now readable only by you: it holds the proxy's client token`] : []),
      'new assistant sessions use the proxy; `modelproxy settings remove` undoes this',
    ]);
  },
});
