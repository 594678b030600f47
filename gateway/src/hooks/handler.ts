import { isAbsolute } from 'node:path';
import { AppError, run } from '@devhub/shared';
import { writeSessionMapEntry } from '../state/session-map';
import { delimiters, recordFormat, splitRecords } from '../tmux/records';
import { windowKey } from '../tmux/window-key';
import { type EventLine, appendEvent, isHookEvent } from './events';
import { fromCodexNotify, isCodexNotify } from './codex';
import { fromGemini, isGeminiPayload } from './gemini';
import { withFileLock } from './lock';

export class BadHookInput extends AppError {
  constructor(message: string) { super('BAD_HOOK_INPUT', 400, message); }
}

export interface HookPaths { events: string; sessionMap: string }

export interface PaneWindow { server: string; session: string; windowId: string; windowName: string }

const PANE_FIELDS = ['#{socket_path}', '#{session_name}', '#{window_id}', '#{window_name}'];

/** `tmux display-message` for the pane the hook runs in ($TMUX from the pane picks the server). */
export async function paneWindow(pane: string, env: Record<string, string | undefined>): Promise<PaneWindow> {
  const d = delimiters();
  const out = await run(['tmux', '-u', 'display-message', '-t', pane, '-p', recordFormat(PANE_FIELDS, d)], { env, timeoutMs: 3_000 });
  if (out.exitCode !== 0) throw new BadHookInput(`pane ${pane} not found: ${out.stderr.trim()}`);
  const [server, session, windowId, windowName] = splitRecords(out.stdout, d, PANE_FIELDS.length, 'display-message')[0] ?? [];
  if (!server || !session || !windowId?.startsWith('@')) throw new BadHookInput(`pane ${pane} not found: ${JSON.stringify(out.stdout)}`);
  return { server, session, windowId, windowName: windowName ?? '' };
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/**
 * The `agentgw hook` recipe (README "Hooks → `hook.event`"): validate the payload, find the window from
 * $TMUX_PANE (and its tmux server), record the session on SessionStart, append the event line. Returns the line written.
 * Gemini CLI payloads (hooks/gemini.ts) are recorded under the gateway's names (AfterAgent as Stop),
 * and so is Codex's notify payload (hooks/codex.ts: a finished turn as Stop).
 */
export async function handleHook(stdin: string, env: Record<string, string | undefined>, paths: HookPaths): Promise<EventLine> {
  let payload: unknown;
  try { payload = JSON.parse(stdin); } catch (error) { throw new BadHookInput(`stdin is not JSON: ${(error as Error).message}`); }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new BadHookInput('stdin is not a JSON object');
  const object = payload as Record<string, unknown>;
  const gemini = isGeminiPayload(object) ? fromGemini(object) : null;
  const codex = isCodexNotify(object) ? fromCodexNotify(object) : null;
  const data = gemini?.data ?? codex?.data ?? object;
  const event = gemini?.event ?? codex?.event ?? data.hook_event_name;
  if (!isHookEvent(event)) throw new BadHookInput(`unknown hook_event_name ${JSON.stringify(event)}`);
  const sessionId = data.session_id;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) throw new BadHookInput(`bad session_id ${JSON.stringify(sessionId)}`);
  if (data.cwd !== undefined && (typeof data.cwd !== 'string' || !isAbsolute(data.cwd))) throw new BadHookInput('cwd must be an absolute path');
  const pane = env.TMUX_PANE;
  if (!pane || !/^%\d+$/.test(pane)) throw new BadHookInput('not inside a tmux pane ($TMUX_PANE unset)');

  const window = await paneWindow(pane, env);
  const key = windowKey(window.server, window.session, window.windowId);
  if (event === 'SessionStart') {
    withFileLock(paths.sessionMap, () => writeSessionMapEntry(paths.sessionMap, key, {
      session_id: sessionId,
      ...(typeof data.cwd === 'string' ? { cwd: data.cwd } : {}),
      window_name: window.windowName,
      ...(typeof data.transcript_path === 'string' ? { transcript_path: data.transcript_path } : {}),
      provider: gemini ? 'agent_c' : codex ? 'agent_b' : 'agent_a',
    }));
  }
  const line: EventLine = {
    // Gemini stamps each event itself; that is when it happened.
    ts: gemini ? new Date(Date.parse(String(data.timestamp))).toISOString() : new Date().toISOString(),
    event,
    window_key: key,
    session_id: sessionId,
    data: { ...data, window_name: window.windowName },
  };
  appendEvent(paths.events, line);
  return line;
}
