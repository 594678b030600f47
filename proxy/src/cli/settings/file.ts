import { writeFileAtomic } from '@devhub/shared';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { BadArgument, ConfigError } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { Type as t } from '@sinclair/typebox';
import { restrictToOwner } from '../../owner-only';
import { removeTopLevelMember, setTopLevelMember, topLevelKeys } from './json-edit';

/** Claude Code reads `env` as string variables; anything else is a broken settings file. */
export const SettingsEnv = t.Record(t.String(), t.String());

/** Claude Code's user settings: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`. */
export function claudeSettingsPath(env: Record<string, string | undefined> = process.env): string {
  const dir = env.CLAUDE_CONFIG_DIR?.trim() || join(env.HOME || homedir(), '.claude');
  return join(dir, 'settings.json');
}

/** The top-level members settings apply and remove rewrite. */
const EDITED = ['env', 'statusLine'];

export interface SettingsFile {
  path: string;
  exists: boolean;
  text: string;
  data: Record<string, any>;
  env: Record<string, string>;
}

export function readSettings(path: string): SettingsFile {
  if (!existsSync(path)) return { path, exists: false, text: '', data: {}, env: {} };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EISDIR' ? 'a directory is in its place' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new BadArgument(`${path}: cannot read it (${why}); nothing was changed`);
  }
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(path, [`not valid JSON (${(error as Error).message}); fix it by hand, nothing was changed`]);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ConfigError(path, ['(root): expected a JSON object']);
  // Claude Code (JSON.parse) reads the last of two members of one name, the text edit would change the first.
  const keys = topLevelKeys(text);
  const repeated = EDITED.filter((name) => keys.indexOf(name) !== keys.lastIndexOf(name));
  if (repeated.length) throw new ConfigError(path, repeated.map((name) => `"${name}" appears more than once at the top level (only the last one takes effect); merge them by hand, nothing was changed`));
  const env: unknown = (data as Record<string, any>).env ?? {};
  if (!Value.Check(SettingsEnv, env)) {
    const problems = [...Value.Errors(SettingsEnv, env)].map((e) => `env${e.path.replace(/\//g, '.').replace(/^\.$/, '')}: ${e.message}`);
    throw new ConfigError(path, [...new Set(problems)].map((p) => `${p}; fix it by hand, nothing was changed`));
  }
  return { path, exists: true, text, data: data as Record<string, any>, env: { ...env } };
}

/** A member value for `writeSettings` that removes the member. */
export const REMOVE: unique symbol = Symbol('remove');

/**
 * Writes new values for some top-level members (REMOVE deletes one), changing only the bytes of
 * those members (the rest of the file, its layout included, stays as it was). Atomic, with the
 * previous file in `.bak` (mode 0600). The file keeps its mode, but `ownerOnly` (it now holds a
 * secret) takes away what group and others could do. Returns whether the mode was narrowed so.
 */
export function writeSettings(file: SettingsFile, members: Record<string, unknown>, original?: string, ownerOnly = false): boolean {
  let text = editedText(file, members);
  // Back to the same JSON as before apply: the text as it was, whatever its layout.
  if (original !== undefined && sameJsonText(text, original)) text = original;
  const was = file.exists ? statSync(file.path).mode & 0o777 : 0o600;
  const mode = ownerOnly ? was & 0o700 : was;
  writeFileAtomic(file.path, text, { mode, backup: file.exists });
  // The backup keeps the vendor token that apply just removed; only the owner may read it.
  if (file.exists) restrictToOwner(`${file.path}.bak`);
  return mode !== was;
}

function sameJsonText(a: string, b: string): boolean {
  try {
    // Member order included: the restored env keys are back in their old order.
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

function editedText(file: SettingsFile, members: Record<string, unknown>): string {
  let text: string;
  if (file.exists && file.text.trim() !== '') {
    text = file.text;
    for (const [name, value] of Object.entries(members)) text = value === REMOVE ? removeTopLevelMember(text, name) : setTopLevelMember(text, name, value);
  } else {
    const data: Record<string, unknown> = { ...file.data };
    for (const [name, value] of Object.entries(members)) {
      if (value === REMOVE) delete data[name];
      else data[name] = value;
    }
    text = `${JSON.stringify(data, null, 2)}\n`;
  }
  return text;
}

/** Writes a new `env` object into the file (see writeSettings). */
export function writeSettingsEnv(file: SettingsFile, env: Record<string, string>): void {
  writeSettings(file, { env });
}
