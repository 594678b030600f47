import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../../../src/config';
import { childEnv, type TestEnv } from '../../helpers/gateway';
import type { MockAnthropic } from './mock-anthropic';

/** The real Claude Code CLI from npm (@anthropic-ai/claude-code, a dev dependency). */
export const CLAUDE = join(import.meta.dir, '../../../node_modules/.bin/claude');
export const CLAUDE_KEY = 'sk-ant-api03-offline-test-key-0123456789ABCDEFGHIJ';
const KEY = CLAUDE_KEY;

/** Whether the CLI is installed and runs here (the tests using it are skipped otherwise). */
export const claudeAvailable = existsSync(CLAUDE) && Bun.spawnSync([CLAUDE, '--version'], { env: { ...process.env, HOME: '/nonexistent' } }).exitCode === 0;

/**
 * A gateway config running the CLI as agent_a in the test's HOME, onboarded and with the offline
 * key approved (so it starts at the folder-trust prompt), plus the tmux environment pointing it at
 * the Messages API mock.
 */
export function claudeSetup(env: TestEnv, mock: MockAnthropic): { config: GatewayConfig; tmuxEnv: Record<string, string> } {
  writeFileSync(join(env.dir, '.claude.json'), JSON.stringify({
    hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
  }));
  const config = env.config({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 400, window_width: 120, window_height: 40,
    agent_a_config_dir: join(env.dir, '.claude'),
    // Manual permission mode: 2.1's default "auto" mode would decide on the tool call itself.
    providers: { agent_a: { command: `${CLAUDE} --permission-mode manual`, yolo_flags: '--dangerously-skip-permissions' } },
  });
  return { config, tmuxEnv: { ...childEnv(env.dir), ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } };
}
