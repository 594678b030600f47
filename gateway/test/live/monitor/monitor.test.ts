import { afterEach, beforeEach, describe, expect, it } from 'bun:test';
import { appendFileSync, mkdirSync, readFileSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { claudeProjectDir, piProjectDir } from '../../../src/monitor/discover';
import { TranscriptMonitor } from '../../../src/monitor/monitor';
import { loadOffsets } from '../../../src/monitor/offsets';

const fixtureLines = (name: string) =>
  readFileSync(join(import.meta.dir, '../../fixtures/transcripts', name), 'utf8').split('\n').filter(Boolean);

const temp = useTempDirs(afterEach, 'gw-monitor-');
let dir: string;
let env: Record<string, string>;
beforeEach(() => {
  dir = temp.make();
  env = { HOME: join(dir, 'home') };
});

const texts = (out: ReturnType<TranscriptMonitor['poll']>) => out.flatMap((o) => o.messages.map((m) => m.text));
// Files in these tests existed before the window started (a resumed session) unless a test says otherwise.
const window = { key: 'agentgw:@1', provider: 'agent_a', cwd: '/home/dev/proj', sinceMs: Date.now() + 3_600_000 };

/** A monitor already following an empty transcript of `window` (its first poll done). */
function followedEmptyTranscript() {
  const path = join(dir, 'session.jsonl');
  writeFileSync(path, '');
  const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
  monitor.sync([window]);
  monitor.setTranscript(window.key, path);
  monitor.poll();
  return { path, monitor };
}

describe('transcript monitor', () => {
  it('starts a new session at the end of its file and follows what is appended', () => {
    const path = join(dir, 'session.jsonl');
    const lines = fixtureLines('claude-real.jsonl');
    writeFileSync(path, `${lines.slice(0, 10).join('\n')}\n`);
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([window]);
    monitor.setTranscript(window.key, path);
    expect(monitor.poll()).toEqual([]);
    appendFileSync(path, `${lines.slice(10).join('\n')}\n`);
    expect(texts(monitor.poll())).toContain('TOOL-DONE-from-mock');
    expect(monitor.lastActivity(window.key)).toBeNumber();
  });

  it('reads a file born after the window started from its first line', () => {
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([{ ...window, sinceMs: Date.now() - 1000 }]);
    const path = join(dir, 'new-session.jsonl');
    writeFileSync(path, `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'first prompt' } })}\n`);
    monitor.setTranscript(window.key, path);
    expect(texts(monitor.poll())).toEqual(['first prompt']);
  });

  it('leaves a partial last line for the next poll', () => {
    const { path, monitor } = followedEmptyTranscript();
    const line = JSON.stringify({ type: 'user', message: { role: 'user', content: 'split across writes' } });
    appendFileSync(path, line.slice(0, 25));
    expect(monitor.poll()).toEqual([]);
    appendFileSync(path, `${line.slice(25)}\n`);
    expect(texts(monitor.poll())).toEqual(['split across writes']);
  });

  it('rereads a truncated file from the start and skips corrupt lines', () => {
    const { path, monitor } = followedEmptyTranscript();
    const user = (text: string) => `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;
    appendFileSync(path, user('first') + user('second'));
    expect(texts(monitor.poll())).toEqual(['first', 'second']);
    truncateSync(path, 0);
    appendFileSync(path, `{not json\n${user('after truncation')}`);
    expect(texts(monitor.poll())).toEqual(['after truncation']);
  });

  it('persists offsets in monitor_state.json and resumes from them after a restart', () => {
    const gwDir = join(dir, 'gw');
    const path = join(dir, 'session.jsonl');
    writeFileSync(path, '');
    const user = (text: string) => `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;
    const first = new TranscriptMonitor(gwDir, env);
    first.sync([window]);
    first.setTranscript(window.key, path);
    first.poll();
    appendFileSync(path, user('seen before restart'));
    expect(texts(first.poll())).toEqual(['seen before restart']);
    expect(loadOffsets(gwDir)[window.key]).toEqual({ path, offset: user('seen before restart').length });

    appendFileSync(path, user('written while down'));
    const second = new TranscriptMonitor(gwDir, env);
    second.sync([window]);
    expect(texts(second.poll())).toEqual(['written while down']);
  });

  it('finds a Claude transcript by cwd when no hook named it, and forgets closed windows', () => {
    const projectDir = claudeProjectDir('/home/dev/proj', env);
    mkdirSync(projectDir, { recursive: true });
    const path = join(projectDir, '5b0c7e1e.jsonl');
    writeFileSync(path, '');
    const gwDir = join(dir, 'gw');
    const monitor = new TranscriptMonitor(gwDir, env);
    monitor.sync([{ ...window, sinceMs: 0 }]);
    monitor.poll();
    appendFileSync(path, `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'found it' }] } })}\n`);
    expect(monitor.poll()).toEqual([{ key: window.key, path, messages: [expect.objectContaining({ text: 'found it' })] }]);
    monitor.sync([]);
    monitor.flush();
    expect(loadOffsets(gwDir)).toEqual({});
  });

  it('follows a Gemini 0.6x chat log, sending a message\'s tool call when its id is written again', () => {
    const path = join(dir, 'session-2026.jsonl');
    writeFileSync(path, `${JSON.stringify({ sessionId: 's', kind: 'main' })}\n`);
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([{ ...window, provider: 'agent_c', sinceMs: Date.now() - 1000 }]);
    monitor.setTranscript(window.key, path);
    expect(monitor.poll()).toEqual([]);
    const reply = { id: 'g1', type: 'gemini', content: '' };
    appendFileSync(path, `${JSON.stringify(reply)}\n{"$set":{"lastUpdated":"x"}}\n`);
    expect(monitor.poll()).toEqual([]);
    appendFileSync(path, `${JSON.stringify({ ...reply, toolCalls: [{ id: 't1', name: 'run_shell_command', args: { command: 'ls' } }] })}\n`);
    expect(texts(monitor.poll())).toEqual(['**run_shell_command**(ls)']);
  });

  it('does not replay the messages of a Gemini chat log it comes to late when the log rewrites its list', () => {
    // Another session's log (two Gemini windows in one folder): found before the hook names the right one.
    const path = join(dir, 'session-other.jsonl');
    const earlier = [
      { sessionId: 's', kind: 'main' },
      { id: 'u1', timestamp: '2026-11-28T14:39:00.407Z', type: 'user', content: [{ text: 'say pong' }] },
      { id: 'g1', timestamp: '2026-11-28T14:39:00.900Z', type: 'gemini', content: 'GEMINI-PONG' },
    ];
    writeFileSync(path, `${earlier.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([{ ...window, provider: 'agent_c' }]);
    monitor.setTranscript(window.key, path);
    expect(monitor.poll()).toEqual([]);
    appendFileSync(path, `${JSON.stringify({ $set: { messages: earlier.slice(1) } })}\n`);
    expect(monitor.poll()).toEqual([]);
    expect(monitor.lastActivity(window.key)).toBeUndefined();
    appendFileSync(path, `${JSON.stringify({ id: 'u2', timestamp: '2026-11-28T14:40:00.000Z', type: 'user', content: [{ text: 'new words' }] })}\n`);
    expect(texts(monitor.poll())).toEqual(['new words']);
  });

  it('leaves a transcript another window follows to that window when discovering one', () => {
    const projects = claudeProjectDir('/home/dev/proj', env);
    mkdirSync(projects, { recursive: true });
    const path = join(projects, 'first.jsonl');
    writeFileSync(path, '');
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    const first = { ...window, key: 'agentgw:@1', sinceMs: Date.now() - 60_000 };
    const second = { ...window, key: 'agentgw:@2', sinceMs: Date.now() - 60_000 };
    monitor.sync([first, second]);
    monitor.setTranscript(first.key, path);
    monitor.poll();
    appendFileSync(path, `${JSON.stringify({ type: 'user', timestamp: new Date().toISOString(), message: { role: 'user', content: 'for the first' } })}\n`);
    expect(monitor.poll().map((o) => [o.key, o.messages.map((m) => m.text)])).toEqual([[first.key, ['for the first']]]);
    // The second window's own file, once written, is the newest: it is found then.
    utimesSync(path, new Date(Date.now() - 5_000), new Date(Date.now() - 5_000));
    const own = join(projects, 'second.jsonl');
    writeFileSync(own, `${JSON.stringify({ type: 'user', timestamp: new Date().toISOString(), message: { role: 'user', content: 'for the second' } })}\n`);
    expect(monitor.poll().map((o) => [o.key, o.messages.map((m) => m.text)])).toEqual([[second.key, ['for the second']]]);
  });

  it('follows the new session an assistant starts in the same window (Pi /new), but not while another window shares the folder', () => {
    const folder = piProjectDir('/home/dev/proj', env);
    mkdirSync(folder, { recursive: true });
    const piLine = (role: string, text: string) => `${JSON.stringify({ type: 'message', timestamp: new Date().toISOString(), message: { role, content: [{ type: 'text', text }] } })}\n`;
    const pi = { ...window, provider: 'agent_d', sinceMs: Date.now() - 60_000 };
    const first = join(folder, '2026-11-30T06-18-20-732Z_first.jsonl');
    writeFileSync(first, piLine('user', 'in the first session'));
    utimesSync(first, new Date(Date.now() - 5_000), new Date(Date.now() - 5_000));
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([pi]);
    let now = Date.now();
    expect(texts(monitor.poll(now))).toEqual(['in the first session']);
    const second = join(folder, '2026-11-30T06-18-41-800Z_second.jsonl');
    writeFileSync(second, piLine('user', 'in the second session'));
    now += 1_000;
    expect(monitor.poll(now).map((o) => [o.path, o.messages.map((m) => m.text)])).toEqual([[second, ['in the second session']]]);
    appendFileSync(second, piLine('assistant', 'reply in the second'));
    expect(texts(monitor.poll(now += 1_000))).toEqual(['reply in the second']);
    // Two Pi windows in one folder: a newer file may be the other one's, so neither moves.
    monitor.sync([pi, { ...pi, key: 'agentgw:@2' }]);
    monitor.poll(now += 1_000);
    utimesSync(second, new Date(Date.now() - 3_000), new Date(Date.now() - 3_000));
    writeFileSync(join(folder, '2026-11-30T06-19-00-000Z_third.jsonl'), piLine('user', 'in a third session'));
    expect(monitor.poll(now += 1_000).map((o) => [o.key, o.messages.map((m) => m.text)])).toEqual([['agentgw:@2', ['in a third session']]]);
  });

  it('does not resend Gemini messages after a restart', () => {
    const gwDir = join(dir, 'gw');
    const path = join(dir, 'session-old.json');
    const doc = { sessionId: 's', messages: [{ id: 'a', type: 'user', content: 'before restart' }] };
    writeFileSync(path, JSON.stringify({ sessionId: 's', messages: [] }));
    const gemini = { ...window, provider: 'agent_c', sinceMs: Date.now() - 1000 };
    const first = new TranscriptMonitor(gwDir, env);
    first.sync([gemini]);
    first.setTranscript(window.key, path);
    first.poll();
    writeFileSync(path, JSON.stringify(doc));
    expect(texts(first.poll())).toEqual(['before restart']);
    const second = new TranscriptMonitor(gwDir, env);
    second.sync([gemini]);
    doc.messages.push({ id: 'b', type: 'user', content: 'after restart' });
    writeFileSync(path, JSON.stringify(doc));
    expect(texts(second.poll())).toEqual(['after restart']);
  });

  it('follows a rewritten Gemini chat file by message id', () => {
    const path = join(dir, 'session-1.json');
    const doc = { sessionId: 's', messages: [{ id: 'old', type: 'user', content: 'old' }] };
    writeFileSync(path, JSON.stringify(doc));
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    monitor.sync([{ ...window, provider: 'agent_c' }]);
    monitor.setTranscript(window.key, path);
    expect(monitor.poll()).toEqual([]);
    doc.messages.push({ id: 'new', type: 'gemini', content: 'fresh answer' });
    writeFileSync(path, JSON.stringify(doc));
    const out = texts(monitor.poll());
    expect(out).toEqual(['fresh answer']);
  });
});

describe('transcript times', () => {
  it('dates activity and the end of a turn by the entries\' own timestamps (Codex task_complete ends a turn)', () => {
    const path = join(dir, 'rollout.jsonl');
    writeFileSync(path, '');
    const monitor = new TranscriptMonitor(join(dir, 'gw'), env);
    const codex = { ...window, provider: 'agent_b' };
    monitor.sync([codex]);
    monitor.setTranscript(codex.key, path);
    monitor.poll();
    const lines = fixtureLines('codex-real.jsonl');
    // The first turn: up to its task_complete.
    const end = lines.findIndex((l) => l.includes('"task_complete"')) + 1;
    const prompt = lines.findIndex((l) => l.includes('"input_text","text":"RUN_TOOL now"')) + 1;
    appendFileSync(path, `${lines.slice(0, end).join('\n')}\n`);
    monitor.poll(Date.parse('2030-01-01T00:00:00Z'));
    expect(monitor.lastActivity(codex.key)).toBe(Date.parse('2026-11-22T00:18:26.696Z'));
    expect(monitor.lastTurnEnd(codex.key)).toBe(Date.parse('2026-11-22T00:18:26.701Z'));
    // The second turn's prompt is newer than that end; its own end comes later.
    appendFileSync(path, `${lines.slice(end, prompt).join('\n')}\n`);
    monitor.poll();
    expect(monitor.lastActivity(codex.key)).toBe(Date.parse('2026-11-22T00:18:28.539Z'));
    expect(monitor.lastTurnEnd(codex.key)).toBe(Date.parse('2026-11-22T00:18:26.701Z'));
    appendFileSync(path, `${lines.slice(prompt).join('\n')}\n`);
    monitor.poll();
    expect(monitor.lastTurnEnd(codex.key)).toBe(Date.parse('2026-11-22T00:18:32.613Z'));
  });
});
