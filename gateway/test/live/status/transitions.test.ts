import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classify, START_GRACE_MS, type StatusSignals } from '../../../src/status/classify';
import { readPane } from '../../../src/status/pane';

/**
 * Every status transition of the assistants that cannot run here, on their real captured screens
 * (Codex CLI 0.169, Gemini CLI 0.61; Claude Code 2.1 as well, which test/live/lifecycle.test.ts also
 * drives for real): running, exited, crashed, killed, window gone, never started. After an exit the
 * assistant's last screen stays on the pane, so a prompt or spinner still shown must not win over
 * the shell in front.
 */
const screen = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/panes', name), 'utf8');
const now = 10_000_000;

const ASSISTANTS = [
  { provider: 'agent_a', command: 'claude', working: 'claude-working.txt', waiting: 'claude-permission.txt', idle: 'claude-idle.txt' },
  { provider: 'agent_b', command: 'codex', working: 'codex-real-working.txt', waiting: 'codex-real-approval.txt', idle: 'codex-real-replied.txt' },
  { provider: 'agent_c', command: 'node', working: 'gemini-real-working.txt', waiting: 'gemini-real-approval.txt', idle: 'gemini-real-replied.txt' },
] as const;

describe.each(ASSISTANTS.map((a) => [a.provider, a] as const))('%s on its captured screens', (_name, a) => {
  const signals = (pane: string, over: Partial<StatusSignals> = {}): StatusSignals => ({
    provider: a.provider, exists: true, paneDead: false, command: a.command, agentSeen: true,
    pane: readPane(pane), nowMs: now, createdMs: now - 60_000, ...over,
  });
  const status = (pane: string, over: Partial<StatusSignals> = {}) => classify(signals(pane, over));

  it('runs: working, waiting on its approval prompt, idle after its reply', () => {
    expect(status(screen(a.working)).status).toBe('working');
    expect(status(screen(a.waiting))).toMatchObject({ status: 'interactive', interactive: true });
    expect(status(screen(a.idle)).status).toBe('idle');
  });

  it('exits: done as soon as the shell is in front, whatever it left on the screen', () => {
    for (const name of [a.working, a.waiting, a.idle]) {
      expect(status(`${screen(name)}\ndev@box:~/proj$ `, { command: 'bash' })).toEqual({ status: 'done', display_label: 'Done', interactive: false, prompt_state: null });
    }
  });

  it('crashes or is killed: done with the signal the shell reported', () => {
    const crashed = `${screen(a.working)}\nSegmentation fault (core dumped)\ndev@box:~/proj$ `;
    expect(status(crashed, { command: 'bash' })).toMatchObject({ status: 'done', display_label: 'Exited: Segmentation fault (core dumped)' });
    const killed = `${screen(a.waiting)}\nKilled\ndev@box:~/proj$ `;
    expect(status(killed, { command: 'bash' })).toMatchObject({ status: 'done', display_label: 'Exited: Killed' });
  });

  it('is dead when its window is killed from outside or its tmux server is gone, or its pane died', () => {
    expect(status(screen(a.working), { exists: false })).toMatchObject({ status: 'dead', display_label: 'Dead' });
    expect(status(screen(a.waiting), { paneDead: true }).status).toBe('dead');
  });

  it('starting, or never started: done with the shell\'s reason, or after the grace time, never idle', () => {
    const missing = `dev@box:~/proj$ ${a.command}\nbash: ${a.command}: command not found\ndev@box:~/proj$ `;
    expect(status(missing, { command: 'bash', agentSeen: false })).toMatchObject({ status: 'done', display_label: `Exited: ${a.command}: command not found` });
    const bare = 'dev@box:~/proj$ ';
    // Typed but not running yet: input now would reach the shell, so not idle.
    expect(status(bare, { command: 'bash', agentSeen: false, createdMs: now - 1000 })).toMatchObject({ status: 'starting', display_label: 'Starting' });
    expect(status(bare, { command: 'bash', agentSeen: false, createdMs: now - START_GRACE_MS })).toMatchObject({ status: 'done', display_label: 'Exited: the assistant did not start (see the pane)' });
  });
});
