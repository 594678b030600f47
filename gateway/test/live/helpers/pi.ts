import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../../../src/config';
import { childEnv, type TestEnv } from '../../helpers/gateway';
import type { MockAnthropic } from './mock-anthropic';

/** The real Pi coding agent from npm (@mariozechner/pi-coding-agent, a dev dependency). */
export const PI = join(import.meta.dir, '../../../node_modules/.bin/pi');
export const piAvailable = existsSync(PI) && Bun.spawnSync([PI, '--version'], { env: { ...process.env, HOME: '/nonexistent' } }).exitCode === 0;
/** Asks before each bash command (Pi has no approval prompt of its own). */
export const PI_APPROVE = join(import.meta.dir, 'pi-approve.ts');

/**
 * A gateway config running Pi as agent_d with its agent dir in the test's HOME: `models.json` sends
 * its built-in Anthropic provider (Messages API) to the mock, and the approval extension is loaded.
 */
export function piSetup(env: TestEnv, mock: MockAnthropic, overrides: Record<string, unknown> = {}): { config: GatewayConfig; tmuxEnv: Record<string, string> } {
  const agentDir = join(env.dir, '.pi', 'agent');
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, 'models.json'), JSON.stringify({ providers: { anthropic: { baseUrl: mock.url } } }));
  const config = env.config({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 400, window_width: 120, window_height: 40,
    providers: { agent_d: { command: `${PI} --provider anthropic --model claude-sonnet-4-5 -e ${PI_APPROVE}`, yolo_flags: '' } },
    ...overrides,
  });
  return { config, tmuxEnv: { ...childEnv(env.dir), ANTHROPIC_API_KEY: 'sk-ant-offline-test-key' } };
}
