import { AppError } from '@devhub/shared';
import { HOOK_EVENTS, type HookEventName } from './events';
import { GEMINI_HOOK_EVENTS, type GeminiHookEvent } from './gemini';

/** Every command we install carries this, so we find ours among the user's own hooks. */
export const HOOK_MARKER = 'AGENTGW_HOOK=1';

/** Events that must not hold the assistant up (the original installs these with `async`). */
const ASYNC_EVENTS = new Set<HookEventName>(['StopFailure', 'SessionEnd', 'SubagentStart', 'SubagentStop', 'TeammateIdle', 'TaskCompleted']);

export class SettingsInvalid extends AppError {
  constructor(path: string, reason: string) {
    super('SETTINGS_INVALID', 400, `${path}: ${reason}; not changed`);
  }
}

type Json = Record<string, unknown>;
interface HookCommand { type?: unknown; command?: unknown; [k: string]: unknown }
interface HookGroup { matcher?: unknown; hooks?: unknown; [k: string]: unknown }

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOurs = (h: unknown) => isObject(h) && typeof h.command === 'string' && h.command.includes(HOOK_MARKER);

/** The shell command Claude Code runs: marker, optional GW_DIR, then our argv, each quoted. */
export function hookCommand(argv: string[], gwDir?: string): string {
  const q = (s: string) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [HOOK_MARKER, ...(gwDir ? [`GW_DIR=${q(gwDir)}`] : []), ...argv.map(q), 'hook'].join(' ');
}

function hooksOf(settings: Json, path: string): Json {
  if (settings.hooks === undefined) return {};
  if (!isObject(settings.hooks)) throw new SettingsInvalid(path, '"hooks" is not an object');
  return settings.hooks;
}

/**
 * Adds our command to each of the nine events, keeping every other key, event and hook as it was.
 * An existing entry of ours is updated in place (the binary may have moved), never duplicated.
 */
export function installHooks(settings: Json, command: string, path = 'settings.json'): { settings: Json; changed: HookEventName[] } {
  const entry = (event: HookEventName): HookCommand => ({ type: 'command', command, timeout: 5, ...(ASYNC_EVENTS.has(event) ? { async: true } : {}) });
  return mergeHooks(settings, path, HOOK_EVENTS, entry);
}

/**
 * The same for the Gemini CLI's settings.json: its four events (GEMINI_HOOK_EVENTS), each entry
 * named and with its timeout in milliseconds, as Gemini reads them.
 */
export function installGeminiHooks(settings: Json, command: string, path = 'settings.json'): { settings: Json; changed: GeminiHookEvent[] } {
  const events = Object.keys(GEMINI_HOOK_EVENTS) as GeminiHookEvent[];
  return mergeHooks(settings, path, events, () => ({ type: 'command', name: 'agentgw', command, timeout: 5000 }));
}

function mergeHooks<E extends string>(settings: Json, path: string, events: readonly E[], entryFor: (event: E) => HookCommand): { settings: Json; changed: E[] } {
  const hooks: Json = { ...hooksOf(settings, path) };
  const changed: E[] = [];
  for (const event of events) {
    const entry = entryFor(event);
    const groups = hooks[event] === undefined ? [] : hooks[event];
    if (!Array.isArray(groups)) throw new SettingsInvalid(path, `"hooks.${event}" is not an array`);
    let found = false;
    const next = groups.map((group: HookGroup) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return group;
      return {
        ...group,
        hooks: group.hooks.map((h: unknown) => {
          if (!isOurs(h)) return h;
          found = true;
          if (JSON.stringify(h) !== JSON.stringify(entry)) changed.push(event);
          return entry;
        }),
      };
    });
    if (!found) {
      next.push({ hooks: [entry] });
      changed.push(event);
    }
    hooks[event] = next;
  }
  return { settings: { ...settings, hooks }, changed };
}

/** Removes our commands; groups and events left empty by that go too, nothing else is touched. */
export function uninstallHooks(settings: Json, path = 'settings.json'): { settings: Json; changed: string[] } {
  if (settings.hooks === undefined) return { settings, changed: [] };
  const hooks: Json = { ...hooksOf(settings, path) };
  const changed: string[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    let removed = false;
    const next = groups.flatMap((group: HookGroup) => {
      if (!isObject(group) || !Array.isArray(group.hooks) || !group.hooks.some(isOurs)) return [group];
      removed = true;
      const rest = group.hooks.filter((h: unknown) => !isOurs(h));
      return rest.length > 0 ? [{ ...group, hooks: rest }] : [];
    });
    if (!removed) continue;
    changed.push(event);
    if (next.length > 0) hooks[event] = next;
    else delete hooks[event];
  }
  const out: Json = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete out.hooks;
  return { settings: out, changed };
}

/** For each event (the nine by default): our installed command, or null. */
export function hookStatus(settings: Json, path = 'settings.json', events: readonly string[] = HOOK_EVENTS): Record<string, string | null> {
  const hooks = hooksOf(settings, path);
  const out: Record<string, string | null> = {};
  for (const event of events) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as HookGroup[]) : [];
    const ours = groups.flatMap((g) => (isObject(g) && Array.isArray(g.hooks) ? g.hooks : [])).find(isOurs) as HookCommand | undefined;
    out[event] = typeof ours?.command === 'string' ? ours.command : null;
  }
  return out;
}
