import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTIVITY_WINDOW_MS, classify, isShell, READY_GRACE_MS, type StatusSignals } from '../../../src/status/classify';
import { hasInputPrompt } from '../../../src/status/input-prompt';

const now = 1_000_000;
const base: StatusSignals = { provider: 'agent_a', exists: true, paneDead: false, command: 'claude', agentSeen: true, pane: { prompt: null, busy: null }, nowMs: now };
const prompt = { type: 'permission' as const, question: 'Do you want to proceed?', options: [{ index: 1, label: 'Yes' }], selected: 1 };

describe('status classification', () => {
  it('is dead when the window or its pane is gone, whatever the screen shows', () => {
    expect(classify({ ...base, exists: false }).status).toBe('dead');
    expect(classify({ ...base, paneDead: true, pane: { prompt, busy: null } }).status).toBe('dead');
  });

  it('is done once the assistant exited to its shell, but not before it ever started', () => {
    expect(classify({ ...base, command: 'bash' })).toEqual({ status: 'done', display_label: 'Done', interactive: false, prompt_state: null });
    expect(classify({ ...base, command: '-zsh' }).status).toBe('done');
    expect(classify({ ...base, command: 'bash', agentSeen: false })).toMatchObject({ status: 'starting', display_label: 'Starting' });
  });

  it('is not done while a job runs in front of the shell (an assistant started by a #!/bin/bash wrapper)', () => {
    expect(classify({ ...base, command: 'bash', foregroundJob: true }).status).toBe('idle');
    expect(classify({ ...base, command: 'bash', foregroundJob: true, pane: { prompt, busy: null } }).status).toBe('interactive');
    expect(classify({ ...base, provider: 'shell', command: 'bash', foregroundJob: true })).toMatchObject({ status: 'working', display_label: 'Running bash' });
    expect(classify({ ...base, provider: 'shell', command: 'bash', foregroundJob: false }).status).toBe('idle');
  });

  it('is interactive with the prompt on screen', () => {
    expect(classify({ ...base, pane: { prompt, busy: null } })).toEqual({
      status: 'interactive', display_label: 'Waiting: Do you want to proceed?', interactive: true, prompt_state: prompt,
    });
  });

  it('is interactive after a permission notification until new output arrives', () => {
    const lastHook = { event: 'Notification', atMs: now - 500, notificationType: 'permission_prompt', message: 'Claude needs your permission to use Bash' };
    expect(classify({ ...base, lastHook, lastOutputMs: now - 1000 })).toMatchObject({ status: 'interactive', prompt_state: { type: 'permission', question: 'Claude needs your permission to use Bash' } });
    expect(classify({ ...base, lastHook, lastOutputMs: now - 100 }).status).toBe('working');
    // Answered through the gateway before the notice's hook line was read: not waiting any more.
    expect(classify({ ...base, lastHook, lastOutputMs: now - 1000, lastInputMs: now - 200 }).status).toBe('working');
    expect(classify({ ...base, lastHook, lastOutputMs: now - 1000, lastInputMs: now - 900 }).status).toBe('interactive');
  });

  it('is working with a spinner, or with fresh output that no Stop hook closed', () => {
    expect(classify({ ...base, pane: { prompt: null, busy: 'Herding…' } }).display_label).toBe('Working: Herding…');
    expect(classify({ ...base, lastOutputMs: now - 2000 }).status).toBe('working');
    expect(classify({ ...base, lastOutputMs: now - 2000, lastHook: { event: 'Stop', atMs: now - 1000 } }).status).toBe('idle');
    expect(classify({ ...base, lastOutputMs: now - ACTIVITY_WINDOW_MS - 1 }).status).toBe('idle');
  });

  it('is starting while the assistant runs without its input prompt, a dialog or a busy line drawn', () => {
    const starting = { ...base, started: false, createdMs: now - 1000 };
    expect(classify(starting)).toEqual({ status: 'starting', display_label: 'Starting', interactive: false, prompt_state: null });
    expect(classify({ ...starting, lastOutputMs: now - 100 }).status).toBe('starting');
    expect(classify({ ...starting, pane: { prompt, busy: null } }).status).toBe('interactive');
    expect(classify({ ...starting, pane: { prompt: null, busy: 'Loading…' } }).status).toBe('working');
    // A screen never recognized does not keep the window starting for ever.
    expect(classify({ ...starting, createdMs: now - READY_GRACE_MS }).status).toBe('idle');
    expect(classify({ ...base, started: true }).status).toBe('idle');
  });

  it('recognizes each assistant\'s input prompt on its captured screens, and not a dialog, a shell or a blank screen', () => {
    const screen = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/panes', name), 'utf8');
    for (const name of ['claude-idle.txt', 'claude-replied.txt', 'claude-working.txt', 'codex-real-replied.txt', 'codex-real-working.txt', 'gemini-real-replied.txt', 'gemini-real-working.txt', 'pi-real-idle.txt', 'pi-real-working.txt']) {
      expect([name, hasInputPrompt(screen(name))]).toEqual([name, true]);
    }
    // Codex 0.171's animated logo with an input line under it: text typed there only waits.
    for (const name of ['claude-trust1.txt', 'gemini-real-trust.txt', 'codex-real-splash.txt']) expect([name, hasInputPrompt(screen(name))]).toEqual([name, false]);
    expect(hasInputPrompt('')).toBe(false);
    expect(hasInputPrompt('dev@box:~/proj$ claude\n')).toBe(false);
  });

  it('reads a shell window from its foreground command', () => {
    expect(classify({ ...base, provider: 'shell', command: 'bash' }).status).toBe('idle');
    expect(classify({ ...base, provider: 'shell', command: 'make' })).toMatchObject({ status: 'working', display_label: 'Running make' });
  });

  it('knows the usual shells', () => {
    expect(['bash', 'zsh', 'fish', 'sh', 'dash', 'tcsh', 'csh', 'ksh', '-bash', '/bin/sh'].every(isShell)).toBe(true);
    expect(['claude', 'node', 'codex', 'gemini'].some(isShell)).toBe(false);
  });
});
