import { defineCommand } from 'citty';
import { existsSync, rmSync } from 'node:fs';
import { settingsRestorePath } from '../../config';
import { print } from '../_args';
import { loadContext } from '../_context';
import { claudeSettingsPath, readSettings, REMOVE, writeSettings } from './file';
import { contextEnv } from './context';
import { DUMMY_TOKEN, pointsHere, showValue } from './managed';
import { readRestoreFile, sameJson, slotOf, writeRestoreFile } from './restore';
import { describeStatusLine, statusLineSetting } from './statusline-command';

/**
 * Undoes `settings apply`: every env key and the statusLine it wrote go back to what they were
 * before the first apply (unset when there was nothing). A key the user changed since is left alone.
 */
export default defineCommand({
  meta: { name: 'remove', description: 'Undo settings apply: put back the env keys and statusLine it replaced in settings.json' },
  args: { 'dry-run': { type: 'boolean', description: 'Print the changes without writing', default: false } },
  run({ args }) {
    const { config, dir } = loadContext();
    const file = readSettings(claudeSettingsPath());
    const restorePath = settingsRestorePath(dir);
    const restore = readRestoreFile(restorePath);
    const record = restore.files[file.path];
    let env: Record<string, string> = { ...file.env };
    const lines: string[] = [];
    const kept: string[] = [];
    let statusLine: unknown;
    const set = (key: string, from: string | null, to: string | null) => {
      if (to === null) delete env[key];
      else env[key] = to;
      lines.push(`  ${key}: ${showValue(key, from)} → ${showValue(key, to)}`);
    };

    if (record) {
      for (const [key, { before, applied }] of Object.entries(record.env)) {
        const current = env[key] ?? null;
        if (current === applied) set(key, current, before);
        else if (current !== before) kept.push(`  ${key}: changed since apply, left as it is`);
      }
      // Keys come back in the order the file had them.
      const order = new Map(record.env_order.map((k, i) => [k, i]));
      env = Object.fromEntries(Object.entries(env).sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity)));
      if (record.statusLine) {
        const current = slotOf(file.data, 'statusLine');
        if (current.present && sameJson(current.value, record.statusLine.applied)) {
          const before = record.statusLine.before;
          statusLine = before.present ? before.value : REMOVE;
          lines.push(`  statusLine: ${describeStatusLine(current.value)} → ${describeStatusLine(before.present ? before.value : undefined)}`);
        } else if (!sameJson(current.present ? current.value : undefined, record.statusLine.before.present ? record.statusLine.before.value : undefined)) {
          kept.push('  statusLine: changed since apply, left as it is');
        }
      }
    } else {
      // Nothing recorded (an apply by an older version): take out only what points at the proxy.
      const here = pointsHere(env, config);
      if (here) set('ANTHROPIC_BASE_URL', env.ANTHROPIC_BASE_URL ?? null, null);
      // The context sizing is apply's only while the assistant points here and it holds what apply writes.
      if (here) for (const [key, value] of Object.entries(contextEnv(config))) if (value !== null && env[key] === value) set(key, value, null);
      if (env.ANTHROPIC_AUTH_TOKEN !== undefined && env.ANTHROPIC_AUTH_TOKEN === (config.server.auth_token || DUMMY_TOKEN)) set('ANTHROPIC_AUTH_TOKEN', env.ANTHROPIC_AUTH_TOKEN, null);
      if ('statusLine' in file.data && sameJson(file.data.statusLine, statusLineSetting())) {
        statusLine = REMOVE;
        lines.push(`  statusLine: ${describeStatusLine(file.data.statusLine)} → (unset)`);
      }
    }

    const envChanged = lines.some((l) => !l.startsWith('  statusLine'));
    if (!envChanged && statusLine === undefined) {
      return print([`${file.path}: nothing of modelproxy's to remove`, ...kept]);
    }
    if (args['dry-run']) return print([`would change ${file.path}:`, ...lines, ...kept]);
    const members: Record<string, unknown> = {};
    if (envChanged) members.env = record && !record.env_present && Object.keys(env).length === 0 ? REMOVE : env;
    if (statusLine !== undefined) members.statusLine = statusLine;
    const left = { ...file.data, ...members };
    for (const [name, value] of Object.entries(left)) if (value === REMOVE) delete left[name];
    if (record?.created && Object.keys(left).length === 0) rmSync(file.path);
    else writeSettings(file, members, record?.original);
    if (record) {
      delete restore.files[file.path];
      if (Object.keys(restore.files).length === 0) rmSync(restorePath, { force: true });
      else writeRestoreFile(restorePath, restore);
    }
    print([
      existsSync(file.path) ? `restored ${file.path} (previous file: ${file.path}.bak):` : `removed ${file.path} (apply had created it):`,
      ...lines,
      ...kept,
      record ? 'new assistant sessions no longer use the proxy' : 'no record of what apply replaced was found: only what points at the proxy was removed',
    ]);
  },
});
