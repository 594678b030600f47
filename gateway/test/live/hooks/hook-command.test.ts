import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { EventLine, HOOK_EVENTS } from '../../../src/hooks';
import { removeSocketFile, waitFor } from '../../helpers/gateway';

const CLI = join(import.meta.dir, '../../../src/cli/index.ts');
const FIXTURES = join(import.meta.dir, '../../fixtures/hooks');
const socket = `gw-hook-${process.pid}`;
const temp = useTempDirs(afterAll, 'gw-hookcmd-');
let dir: string;
let gwDir: string;
let out: string;

const tmux = (...args: string[]) => {
  const r = Bun.spawnSync(['tmux', '-L', socket, ...args], { env: { ...process.env, TMUX: '', GW_DIR: '', HOME: dir } });
  if (r.exitCode !== 0) throw new Error(`tmux ${args[0]}: ${r.stderr.toString()}`);
  return r.stdout.toString();
};

beforeAll(async () => {
  dir = temp.make();
  gwDir = join(dir, 'gw');
  out = join(dir, 'out');
  mkdirSync(gwDir);
  mkdirSync(out);
  const q = (s: string) => `'${s}'`;
  const lines = [
    ...HOOK_EVENTS.map((e) => `bun ${q(CLI)} hook < ${q(join(FIXTURES, `${e}.json`))} > ${q(join(out, `${e}.stdout`))}; echo $? > ${q(join(out, `${e}.rc`))}`),
    `echo 'not json' | bun ${q(CLI)} hook > ${q(join(out, 'bad.stdout'))} 2> ${q(join(out, 'bad.stderr'))}; echo $? > ${q(join(out, 'bad.rc'))}`,
    `for i in 1 2 3 4 5 6; do bun ${q(CLI)} hook < ${q(join(FIXTURES, 'Stop.json'))} & done; wait`,
    `touch ${q(join(out, 'DONE'))}`,
  ];
  writeFileSync(join(dir, 'run.sh'), `${lines.join('\n')}\n`);
  tmux('new-session', '-d', '-s', 'agentgw', '-n', 'work', '-x', '100', '-y', '20', 'sh');
  // The pane was started without GW_DIR: the hook must find it in the session environment.
  tmux('set-environment', '-t', 'agentgw', 'GW_DIR', gwDir);
  tmux('send-keys', '-t', 'agentgw:work', `sh ${q(join(dir, 'run.sh'))}`, 'Enter');
  await waitFor(() => existsSync(join(out, 'DONE')), 'the hook runs to finish', 60_000);
}, 90_000);

afterAll(() => {
  Bun.spawnSync(['tmux', '-L', socket, 'kill-server']);
  removeSocketFile(socket);
});

/** The window's key as the gateway of this tmux server spells it: `<socket path>:<session>:@N`. */
const workKey = () => tmux('display-message', '-p', '-t', 'agentgw:work', '#{socket_path}:#{session_name}:#{window_id}').trim();
const events = () => readFileSync(join(gwDir, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

describe('agentgw hook inside a tmux pane', () => {
  it('records every one of the nine events with the pane window key (its tmux server included), silently, exit 0', () => {
    const key = workKey();
    expect(key).toStartWith('/');
    const lines = events();
    for (const event of HOOK_EVENTS) {
      expect(readFileSync(join(out, `${event}.rc`), 'utf8').trim()).toBe('0');
      expect(readFileSync(join(out, `${event}.stdout`), 'utf8')).toBe('');
      const line = lines.find((l) => l.event === event);
      expect(line).toBeDefined();
      expect(Value.Check(EventLine, line)).toBe(true);
      expect(line.window_key).toBe(key);
      expect(line.session_id).toBe('5b0c7e1e-3f3a-4a38-9d6e-2f0c1f2b9a11');
      expect(line.data.hook_event_name).toBe(event);
      expect(line.data.window_name).toBe('work');
    }
    expect(lines.find((l) => l.event === 'Notification').data.notification_type).toBe('permission_prompt');
  });

  it('maps the window to its session on SessionStart', () => {
    const map = JSON.parse(readFileSync(join(gwDir, 'session_map.json'), 'utf8'));
    expect(map[workKey()]).toMatchObject({
      session_id: '5b0c7e1e-3f3a-4a38-9d6e-2f0c1f2b9a11',
      cwd: '/home/dev/proj',
      window_name: 'work',
      transcript_path: '/home/dev/.claude/projects/-home-dev-proj/5b0c7e1e-3f3a-4a38-9d6e-2f0c1f2b9a11.jsonl',
    });
  });

  it('exits 0 on bad input, appends nothing for it and logs why', () => {
    expect(readFileSync(join(out, 'bad.rc'), 'utf8').trim()).toBe('0');
    expect(readFileSync(join(out, 'bad.stdout'), 'utf8')).toBe('');
    expect(readFileSync(join(out, 'bad.stderr'), 'utf8')).toContain('stdin is not JSON');
    expect(readFileSync(join(gwDir, 'hook.log'), 'utf8')).toContain('stdin is not JSON');
  });

  it('keeps every line whole when hooks fire concurrently', () => {
    const lines = events();
    expect(lines.filter((l) => l.event === 'Stop')).toHaveLength(7);
    expect(lines).toHaveLength(HOOK_EVENTS.length + 6);
    expect(readdirSync(gwDir).some((f) => f.endsWith('.lock'))).toBe(false);
  });
});
