import { afterEach, beforeEach, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { discoverTranscript, piProjectDir } from '../../../src/monitor/discover';

let home: string;
const temp = useTempDirs(afterEach, 'gw-discover-');
beforeEach(() => { home = temp.make(); });

const write = (path: string, text: string, ageMs = 0) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  const t = (Date.now() - ageMs) / 1000;
  utimesSync(path, t, t);
  return path;
};
const pad = (n: number) => String(n).padStart(2, '0');

describe('transcript discovery', () => {
  it('finds the Codex rollout of this cwd among today\'s, skipping subagents and other projects', () => {
    const d = new Date();
    const day = join(home, '.codex', 'sessions', String(d.getFullYear()), pad(d.getMonth() + 1), pad(d.getDate()));
    const meta = (cwd: string, source: unknown) => `${JSON.stringify({ type: 'session_meta', payload: { id: 'x', cwd, source } })}\n`;
    const mine = write(join(day, 'rollout-2025-10-02T08-00-00-mine.jsonl'), meta('/work/proj', 'cli'), 2000);
    write(join(day, 'rollout-2025-10-02T08-00-01-other.jsonl'), meta('/work/other', 'cli'), 1000);
    write(join(day, 'rollout-2025-10-02T08-00-02-sub.jsonl'), meta('/work/proj', { subagent: 'review' }), 500);
    write(join(day, 'rollout-2025-10-02T07-00-00-old.jsonl'), meta('/work/proj', 'cli'), 3_600_000);
    expect(discoverTranscript('agent_b', '/work/proj', Date.now() - 60_000, { HOME: home })).toBe(mine);
    expect(discoverTranscript('agent_b', '/work/nowhere', Date.now() - 60_000, { HOME: home })).toBeNull();
  });

  it('finds the newest Gemini chat under the sha256 of the project path', () => {
    const chats = join(home, '.gemini', 'tmp', createHash('sha256').update('/work/proj').digest('hex'), 'chats');
    write(join(chats, 'session-2025-10-04T12-00-aaaa.json'), '{}', 5000);
    const newest = write(join(chats, 'session-2025-10-04T12-05-bbbb.json'), '{}', 1000);
    expect(discoverTranscript('agent_c', '/work/proj', Date.now() - 60_000, { HOME: home })).toBe(newest);
  });

  it('finds a Gemini chat in a folder that names its project root', () => {
    const folder = join(home, '.gemini', 'tmp', 'proj');
    write(join(folder, '.project_root'), '/work/proj\n');
    write(join(folder, 'chats', 'session-1.json'), '{}', 5000);
    const chat = write(join(folder, 'chats', 'session-2026-11-22T00-19-092b9064.jsonl'), '');
    expect(discoverTranscript('agent_c', '/work/proj', Date.now() - 60_000, { HOME: home })).toBe(chat);
  });

  it('finds the pi session in its cwd folder, and nothing for a shell', () => {
    expect(piProjectDir('/work/proj', { HOME: home })).toBe(join(home, '.pi', 'agent', 'sessions', '--work-proj--'));
    const session = write(join(piProjectDir('/work/proj', { HOME: home }), '2025-10-03T09-00-00_a1b2.jsonl'), '');
    expect(discoverTranscript('agent_d', '/work/proj', Date.now() - 60_000, { HOME: home })).toBe(session);
    expect(discoverTranscript('shell', '/work/proj', 0, { HOME: home })).toBeNull();
  });

  it('ignores transcripts older than the window', () => {
    const chats = join(home, '.gemini', 'tmp', createHash('sha256').update('/work/proj').digest('hex'), 'chats');
    write(join(chats, 'session-old.json'), '{}', 600_000);
    expect(discoverTranscript('agent_c', '/work/proj', Date.now() - 60_000, { HOME: home })).toBeNull();
  });
});
