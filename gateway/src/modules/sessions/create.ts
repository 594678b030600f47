import { expandHome } from '@devhub/shared';
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { normalizeProvider } from '../../config';
import { withFileLock } from '../../hooks/lock';
import { type GatewayContext, windowGone } from '../../runtime';
import { removeSessionMapEntries } from '../../state';
import { dedupeName, sanitizeWindowName } from '../../tmux';
import { ChannelInUse, NotADirectory, UnknownProvider } from '../common/errors';
import { escapeControls } from '@devhub/shared/text';
import type { CreateSessionBody, SessionCreated } from './model';
import { windowEnv } from './window-env';

const queues = new WeakMap<GatewayContext, Promise<unknown>>();

/**
 * Creates a window for a new session and binds the channel to it (POST /sessions, session.create).
 * Creations run one at a time per gateway, so concurrent requests cannot pick the same window name
 * or both bind one channel.
 */
export function createSession(ctx: GatewayContext, input: CreateSessionBody, launchArgs: readonly string[] = []): Promise<SessionCreated> {
  const run = (queues.get(ctx) ?? Promise.resolve()).catch(() => undefined).then(() => create(ctx, input, launchArgs));
  queues.set(ctx, run);
  return run;
}

/** `launchArgs` are appended to the launch command (the chat bridge's `/resume`: `--resume <id>`); callers pass only shell-safe words. */
async function create(ctx: GatewayContext, input: CreateSessionBody, launchArgs: readonly string[]): Promise<SessionCreated> {
  // An empty field is a field not given (channel_id, work_dir and name likewise below).
  const provider = normalizeProvider(input.provider || ctx.config.default_provider);
  if (!provider) throw new UnknownProvider(input.provider ?? '');
  const mode = input.mode === 'yolo' ? 'yolo' : 'normal';
  const cwd = resolveWorkDir(input.work_dir);
  const channelId = input.channel_id || `api:${crypto.randomUUID()}`;
  const existing = ctx.store.session(channelId);
  if (existing) {
    if (await ctx.tmux.findWindow(existing.window_id)) throw new ChannelInUse(channelId, existing.window_id);
    windowGone(ctx, existing.window_id, { record: existing });
  }

  // The session may have been killed from outside since start; recreate it rather than fail.
  await ctx.tmux.ensureSession();
  const windows = await ctx.tmux.listWindows();
  const base = sanitizeWindowName(input.name?.trim() || basename(cwd) || 'root');
  const name = dedupeName(base, windows.map((w) => w.window_name));
  const launch = ctx.config.providers[provider];
  const command = [launch.command, mode === 'yolo' ? launch.yolo_flags : '', ...launchArgs].filter(Boolean).join(' ');
  // The environment travels with the window: a tmux server that already runs keeps its own, so
  // variables set when the gateway started (and GW_DIR, which the hook needs) would not reach it.
  const windowEnvironment = windowEnv(ctx.config, provider);
  const windowId = await ctx.tmux.createWindow({ name, cwd, command, provider, mode, env: windowEnvironment.env });
  // A restarted tmux server reuses `@N`: whatever the hook recorded for an older window is not ours.
  withFileLock(ctx.paths.sessionMap, () => removeSessionMapEntries(ctx.paths.sessionMap, [ctx.tmux.windowKey(windowId)]));
  // A record under the new id belongs to a window of an earlier tmux server (killed since, its ids
  // reused): that window is gone, and its channels must not be handed to this one.
  windowGone(ctx, windowId);
  const window = await ctx.tmux.findWindow(windowId);
  const warnings = [...commandWarnings(launch.command), ...windowEnvironment.warnings];
  ctx.store.putWindow(windowId, {
    provider, mode, cwd, display_name: name, pane_pid: window?.pane_pid ?? 0, created_at: new Date().toISOString(), ...(warnings.length ? { warnings } : {}),
  });
  ctx.store.bind(channelId, windowId);
  ctx.bus.publish('window.change', { window_id: windowId, change_type: 'new', provider, cwd, display_name: name });
  ctx.log.info(`session ${escapeControls(channelId)} → ${windowId} (${provider}, ${mode}) in ${escapeControls(cwd)}${windowEnvironment.summary ? ` (env: ${windowEnvironment.summary})` : ''}`);
  for (const warning of warnings) ctx.log.warn(`session ${escapeControls(channelId)}: ${escapeControls(warning)}`);
  return { channel_id: channelId, window_id: windowId, provider, mode, cwd, display_name: name, ...(warnings.length ? { warnings } : {}) };
}

/**
 * The window's login shell may set its own PATH, so a command missing from ours may still start
 * there; the warning says so rather than refusing (gateway README: "Assistant commands and PATH").
 */
function commandWarnings(command: string): string[] {
  const program = command.trim().split(/\s+/)[0];
  if (!program) return [];
  if (Bun.which(program)) return [];
  return [`"${program}" is not on the gateway's PATH; the window's shell may not find it either (give an absolute path in providers.<id>.command)`];
}

function resolveWorkDir(workDir: string | undefined): string {
  const path = resolve(expandHome(workDir?.trim() || process.cwd()));
  try {
    if (statSync(path).isDirectory()) return path;
  } catch {
    // missing: reported below like a file
  }
  throw new NotADirectory(path);
}
