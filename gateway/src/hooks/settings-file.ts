import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonAtomic } from '@devhub/shared';
import { claudeConfigDir } from '../monitor/discover';
import { SettingsInvalid } from './settings';

/** `<agent_a_config_dir | $CLAUDE_CONFIG_DIR | ~/.claude>/settings.json` */
export function claudeSettingsPath(configDir: string, env: Record<string, string | undefined> = process.env): string {
  return join(configDir || claudeConfigDir(env), 'settings.json');
}

/** A settings file's text, `''` when missing; one that cannot be read (a directory, no permission) is refused. */
export function readSettingsText(path: string): string {
  if (!existsSync(path)) return '';
  try { return readFileSync(path, 'utf8'); } catch (error) {
    throw new SettingsInvalid(path, `cannot be read (${(error as Error).message})`);
  }
}

/** A missing file is `{}`; an unparsable one is an error (we never overwrite what we can't read). */
export function readSettings(path: string): Record<string, unknown> {
  const text = readSettingsText(path);
  if (!text.trim()) return {};
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (error) { throw new SettingsInvalid(path, `not valid JSON (${(error as Error).message})`); }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SettingsInvalid(path, 'not a JSON object');
  return parsed as Record<string, unknown>;
}

/** Atomic, keeping `settings.json.bak` of the previous version. */
export function writeSettings(path: string, settings: Record<string, unknown>): void {
  writeJsonAtomic(path, settings, { backup: true, mode: 0o600 });
}
