import { join } from 'node:path';
import { defineCommand } from 'citty';
import { run } from '@devhub/shared';
import { loadGatewayConfig, resolveHomeDir } from '../config';
import { handleHook, withFileLock } from '../hooks';
import { appendRotating } from '../state/append-rotating';
import { statePaths } from '../state';

/**
 * `agentgw hook`: what the assistant runs for each hook event. Prints nothing on stdout (Claude Code
 * feeds SessionStart output into the model's context) and always exits 0, so a gateway problem
 * never blocks the assistant; problems go to stderr and `<state dir>/hook.log`.
 */
export default defineCommand({
  meta: { name: 'hook', description: 'Record an assistant hook event (hook JSON on stdin, or as the argument: Codex notify; prints nothing)' },
  args: { payload: { type: 'positional', required: false, description: "The event's JSON (Codex's notify passes it so); default: stdin" } },
  async run({ args }) {
    const env = await hookEnv(process.env);
    const stateDir = stateDirOf(env);
    try {
      const payload = args.payload ?? await new Response(Bun.stdin.stream()).text();
      await handleHook(payload, env, statePaths(stateDir));
    } catch (error) {
      const line = `${new Date().toISOString()} agentgw hook: ${(error as Error).message}\n`;
      process.stderr.write(line);
      const log = join(stateDir, 'hook.log');
      try { withFileLock(log, () => appendRotating(log, line, HOOK_LOG_ROTATE_BYTES)); } catch { /* state dir unwritable: stderr is all we have */ }
    }
  },
});

/** hook.log (rejected payloads) is kept to this size and one older file, as events.jsonl. */
const HOOK_LOG_ROTATE_BYTES = 1 << 20;

/** GW_DIR from the environment, else from the tmux session the gateway created (set-environment). */
async function hookEnv(env: Record<string, string | undefined>): Promise<Record<string, string | undefined>> {
  if (env.GW_DIR?.trim() || !env.TMUX_PANE) return env;
  const out = await run(['tmux', 'show-environment', '-t', env.TMUX_PANE, 'GW_DIR'], { env, timeoutMs: 3_000 }).catch(() => null);
  const value = out?.exitCode === 0 ? /^GW_DIR=(.*)$/m.exec(out.stdout)?.[1] : undefined;
  return value ? { ...env, GW_DIR: value } : env;
}

function stateDirOf(env: Record<string, string | undefined>): string {
  try {
    return loadGatewayConfig(env).state_dir;
  } catch {
    return resolveHomeDir(env);
  }
}
