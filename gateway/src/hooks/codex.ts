import { join } from 'node:path';
import { writeFileAtomic } from '@devhub/shared';
import { codexHome } from '../monitor/discover';
import type { HookEventName } from './events';
import { readSettingsText } from './settings-file';
import { HOOK_MARKER, SettingsInvalid, hookCommand } from './settings';
import { type TomlStatement, topLevelStatements } from './toml-lines';

/**
 * Codex CLI's `notify` program: Codex runs it after each turn with one JSON argument,
 * `{"type":"agent-turn-complete","thread-id",…,"cwd","input-messages","last-assistant-message"}`.
 * It is the end of a turn, which Claude Code calls Stop.
 */
export const isCodexNotify = (data: Record<string, unknown>): boolean =>
  data.type === 'agent-turn-complete' && typeof data['thread-id'] === 'string';

/** Codex's payload as the gateway records it: Stop, with the thread as the session. */
export function fromCodexNotify(data: Record<string, unknown>): { event: HookEventName; data: Record<string, unknown> } {
  return { event: 'Stop', data: { ...data, hook_event_name: 'Stop', session_id: data['thread-id'], notify_type: data.type } };
}

/** `$CODEX_HOME/config.toml`, else `~/.codex/config.toml`. */
export function codexConfigPath(env: Record<string, string | undefined> = process.env): string {
  return join(codexHome(env), 'config.toml');
}

/**
 * The `notify` line for config.toml: `sh -c '<hook command> "$1"'`, so the JSON Codex appends
 * reaches `agentgw hook` as its argument. TOML basic strings take JSON's escapes.
 */
export function codexNotifyLine(argv: string[], gwDir?: string): string {
  const program = ['sh', '-c', `${hookCommand(argv, gwDir)} "$1"`, 'agentgw-hook'];
  return `notify = [${program.map((s) => JSON.stringify(s)).join(', ')}]`;
}

type Toml = Record<string, unknown>;

/** The top-level `notify = …` statement (before the first table), or null. */
function findNotify(lines: string[]): TomlStatement | null {
  return topLevelStatements(lines).find((statement) => /^\s*notify\s*=/.test(lines[statement.start]!)) ?? null;
}

function parseToml(path: string, text: string): Toml {
  try { return Bun.TOML.parse(text) as Toml; } catch (error) { throw new SettingsInvalid(path, `not valid TOML (${(error as Error).message})`); }
}

function readToml(path: string): { text: string; parsed: Toml } {
  const text = readSettingsText(path);
  return { text, parsed: text === '' ? {} : parseToml(path, text) };
}

const isOurNotify = (value: unknown): boolean => JSON.stringify(value ?? null).includes(HOOK_MARKER);

/**
 * Writes `text` only if it parses and says what `before` said but for `notify`, which must be
 * `notify` (absent when undefined): a line-level edit must never leave Codex a file it refuses.
 */
function writeChecked(path: string, text: string, before: Toml, notify: unknown): void {
  let after: Toml;
  try { after = Bun.TOML.parse(text) as Toml; } catch (error) {
    throw new SettingsInvalid(path, `the edited file would not be valid TOML (${(error as Error).message})`);
  }
  const { notify: wrote, ...rest } = after;
  const { notify: _, ...restBefore } = before;
  if (!Bun.deepEquals(wrote, notify) || !Bun.deepEquals(rest, restBefore)) {
    throw new SettingsInvalid(path, 'could not change its top-level notify without changing anything else; edit it by hand');
  }
  writeFileAtomic(path, text, { backup: true, mode: 0o600 });
}

/**
 * Sets our `notify` in Codex's config.toml, keeping every other line. Codex runs one notify
 * program only: someone else's is left alone and the install refused, saying so.
 */
export function installCodexNotify(path: string, line: string): boolean {
  const { text, parsed } = readToml(path);
  const lines = text === '' ? [] : text.split('\n');
  const found = findNotify(lines);
  if (parsed.notify !== undefined && !isOurNotify(parsed.notify)) {
    throw new SettingsInvalid(path, `it already has a notify program (${found?.text.trim() ?? `notify = ${JSON.stringify(parsed.notify)}`}); Codex runs only one: remove it, or call \`agentgw hook\` with the same JSON argument from yours`);
  }
  if (found?.text === line) return false;
  if (found) lines.splice(found.start, found.end - found.start + 1, line);
  else lines.unshift(line);
  writeChecked(path, lines.join('\n') + (lines.at(-1) === '' ? '' : '\n'), parsed, parseToml(path, line).notify);
  return true;
}

/** Removes our `notify`; nothing else is touched. Whether anything was removed. */
export function uninstallCodexNotify(path: string): boolean {
  const { text, parsed } = readToml(path);
  if (!isOurNotify(parsed.notify)) return false;
  const lines = text.split('\n');
  const found = findNotify(lines);
  if (!found) throw new SettingsInvalid(path, 'its notify program could not be told apart from the lines around it; remove it by hand');
  lines.splice(found.start, found.end - found.start + 1);
  writeChecked(path, lines.join('\n'), parsed, undefined);
  return true;
}

/** Our installed notify line, or null. */
export function codexNotifyStatus(path: string): string | null {
  const { text, parsed } = readToml(path);
  return isOurNotify(parsed.notify) ? findNotify(text.split('\n'))?.text ?? null : null;
}
