import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@devhub/shared';
import { codexHome } from '../monitor/discover';
import type { HookEventName } from './events';
import { HOOK_MARKER, SettingsInvalid, hookCommand } from './settings';

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

/** Where the top-level `notify = …` sits in the file's lines (before the first table), or null. */
function findNotify(lines: string[]): { start: number; end: number; text: string } | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*\[/.test(line)) return null;
    if (!/^\s*notify\s*=/.test(line)) continue;
    let end = i;
    // A multi-line array runs to the line that closes it.
    if (line.includes('[') && !/\]\s*(#.*)?$/.test(line)) while (end + 1 < lines.length && !/\]\s*(#.*)?$/.test(lines[end]!)) end++;
    return { start: i, end, text: lines.slice(i, end + 1).join('\n') };
  }
  return null;
}

function readToml(path: string): string {
  if (!existsSync(path)) return '';
  const text = readFileSync(path, 'utf8');
  try { Bun.TOML.parse(text); } catch (error) { throw new SettingsInvalid(path, `not valid TOML (${(error as Error).message})`); }
  return text;
}

/**
 * Sets our `notify` in Codex's config.toml, keeping every other line. Codex runs one notify
 * program only: someone else's is left alone and the install refused, saying so.
 */
export function installCodexNotify(path: string, line: string): boolean {
  const text = readToml(path);
  const lines = text === '' ? [] : text.split('\n');
  const found = findNotify(lines);
  if (found && !found.text.includes(HOOK_MARKER)) {
    throw new SettingsInvalid(path, `it already has a notify program (${found.text.trim()}); Codex runs only one: remove it, or call \`agentgw hook\` with the same JSON argument from yours`);
  }
  if (found?.text === line) return false;
  if (found) lines.splice(found.start, found.end - found.start + 1, line);
  else lines.unshift(line);
  writeFileAtomic(path, lines.join('\n') + (lines.at(-1) === '' ? '' : '\n'), { backup: true, mode: 0o600 });
  return true;
}

/** Removes our `notify`; nothing else is touched. Whether anything was removed. */
export function uninstallCodexNotify(path: string): boolean {
  const lines = readToml(path).split('\n');
  const found = findNotify(lines);
  if (!found || !found.text.includes(HOOK_MARKER)) return false;
  lines.splice(found.start, found.end - found.start + 1);
  writeFileAtomic(path, lines.join('\n'), { backup: true, mode: 0o600 });
  return true;
}

/** Our installed notify line, or null. */
export function codexNotifyStatus(path: string): string | null {
  const found = findNotify(readToml(path).split('\n'));
  return found?.text.includes(HOOK_MARKER) ? found.text : null;
}
