import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../../../src/config';
import { childEnv, type TestEnv } from '../../helpers/gateway';
import type { MockGemini } from './mock-gemini';

/** The real Gemini CLI from npm (@google/gemini-cli, a dev dependency). */
export const GEMINI = join(import.meta.dir, '../../../node_modules/.bin/gemini');
export const geminiAvailable = existsSync(GEMINI) && Bun.spawnSync([GEMINI, '--version'], { env: { ...process.env, HOME: '/nonexistent' } }).exitCode === 0;

/**
 * A gateway config running the CLI as agent_c in the test's HOME, signed in with an API key
 * (settings.json) and pointed at the Gemini API mock (GOOGLE_GEMINI_BASE_URL). A folder not listed
 * in `trusted` starts at the trust dialog (answering it restarts the CLI).
 */
export function geminiSetup(env: TestEnv, mock: MockGemini, overrides: Record<string, unknown> = {}, trusted: string[] = []): { config: GatewayConfig; tmuxEnv: Record<string, string> } {
  mkdirSync(join(env.dir, '.gemini'), { recursive: true });
  if (trusted.length > 0) writeFileSync(join(env.dir, '.gemini', 'trustedFolders.json'), JSON.stringify(Object.fromEntries(trusted.map((f) => [f, 'TRUST_FOLDER']))));
  writeFileSync(join(env.dir, '.gemini', 'settings.json'), JSON.stringify({
    security: { auth: { selectedType: 'gemini-api-key' } },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    privacy: { usageStatisticsEnabled: false },
    ui: { theme: 'Default' },
  }));
  const config = env.config({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 400, window_width: 120, window_height: 40,
    providers: { agent_c: { command: GEMINI, yolo_flags: '--yolo' } },
    ...overrides,
  });
  return { config, tmuxEnv: { ...childEnv(env.dir), GEMINI_API_KEY: 'offline-test-key', GOOGLE_GEMINI_BASE_URL: mock.url } };
}
