import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { EnvServer } from '../../src/env/protocol';

const PY = join(import.meta.dir, '../../clients/python');
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

function python(args: string[]): { code: number; out: string; err: string } {
  const p = Bun.spawnSync(['python3', ...args], { cwd: PY, env: { ...process.env, NO_COLOR: '1', PYTHONDONTWRITEBYTECODE: '1' } });
  return { code: p.exitCode ?? -1, out: p.stdout.toString(), err: p.stderr.toString() };
}

describe('Python access: mahjong env (JSON lines) and clients/python with the system python3', () => {
  it('batched self-play: the example plays East-only games to the end with random legal actions from the masks', () => {
    const r = python(['example_selfplay.py', '3', '11']);
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    for (const g of lines.slice(0, 3)) {
      expect(g.scores.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(100_000);
      expect([...g.places].sort()).toEqual([1, 2, 3, 4]);
      expect(g.points.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    }
    expect(lines[3].decisions).toBeGreaterThan(500);
  }, 60_000);

  it('one agent against three strong AIs, an illegal action refused with the error shape, then the game finished', () => {
    const script = `
import json
from mahjong_env import MahjongEnv, EnvError
env = MahjongEnv()
o = env.reset(seed=42, seats=["strong", "agent", "strong", "strong"], east_only=True)
assert o["seat"] == 1 and len(o["mask"]) == 54 and o["obs"]["viewer"] == 1
bad = next(a for a in range(54) if not o["mask"][a])
try:
    env.step(bad)
    raise SystemExit("illegal action accepted")
except EnvError as e:
    code = e.code
n = 0
while not o["done"]:
    o = env.step(o["legal"][-1])
    n += 1
print(json.dumps({"code": code, "decisions": n, "reward": o["reward"], "places": o["places"]}))
env.close()
`;
    const r = python(['-c', script]);
    expect([r.code, r.err]).toEqual([0, '']);
    const out = JSON.parse(r.out);
    expect(out.code).toBe('ILLEGAL_ACTION');
    expect(out.decisions).toBeGreaterThan(20);
    expect(out.reward).toHaveLength(4);
  }, 60_000);

  it('answers every bad line with the documented error shape and keeps the environment as it was', () => {
    const s = new EnvServer();
    expect(s.handle('nope')).toMatchObject({ ok: false, error: { code: 'INVALID_JSON', status: 400 } });
    expect(s.handle('{"cmd":"jump"}')).toMatchObject({ ok: false, error: { code: 'INVALID_COMMAND' } });
    // Names every object inherits are no commands either (they used to throw "Unknown type" and end `mahjong env`).
    for (const cmd of ['constructor', '__proto__', 'toString']) expect(s.handle(JSON.stringify({ cmd }))).toMatchObject({ ok: false, error: { code: 'INVALID_COMMAND' } });
    // The message names the field and what it takes, not "Expected union value".
    expect(s.handle('{"cmd":"reset","seats":["x","agent","agent","agent"]}')).toMatchObject({ ok: false, error: { code: 'INVALID_COMMAND', message: expect.stringContaining('/seats/0: expected one of "agent", "random"') } });
    expect(s.handle('{"cmd":"step","action":99}')).toMatchObject({ ok: false, error: { code: 'INVALID_COMMAND', message: expect.stringContaining('step: /action:') } });
    expect(s.handle('{"cmd":"step","env":3,"action":1}')).toMatchObject({ ok: false, env: 3, error: { code: 'NOT_FOUND', status: 404 } });
    expect(s.handle('{"cmd":"reset","seats":["strong","strong","strong","strong"]}')).toMatchObject({ ok: false });
    expect(s.handle('x'.repeat(70_000))).toMatchObject({ ok: false, error: { status: 413 } });
    const first = s.handle('{"cmd":"reset","seed":5}') as { seat: number; legal: number[]; mask: number[] };
    expect(first.mask.filter(Boolean)).toHaveLength(first.legal.length);
    const illegal = first.mask.findIndex((m) => m === 0);
    expect(s.handle(JSON.stringify({ cmd: 'step', action: illegal }))).toMatchObject({ ok: false, error: { code: 'ILLEGAL_ACTION', status: 422 } });
    expect(s.handle(JSON.stringify({ cmd: 'step', action: first.legal[0] }))).toMatchObject({ ok: true });
    expect(s.handle('{"cmd":"close"}')).toMatchObject({ ok: true, closed: true });
  });

  it('answers a line longer than 64 KiB exactly once, so the next command gets its own answer (raw and through the Python client)', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'env'], { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' });
    proc.stdin.write(`{"cmd":"reset","pad":"${'x'.repeat(200_000)}"}\n{"cmd":"reset","env":1,"seed":7,"east_only":true}\n`);
    await proc.stdin.end();
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect([code, err]).toEqual([0, '']);
    const answers = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE', status: 413 } });
    expect(answers[1]).toMatchObject({ ok: true, env: 1, done: false });

    const script = `
import json
from mahjong_env import MahjongEnv, EnvError
env = MahjongEnv()
try:
    env.reset(seed=1, seats=["agent"] * 30000)
    raise SystemExit("oversized reset accepted")
except EnvError as e:
    code = e.code
o = env.reset(seed=7, east_only=True)
print(json.dumps({"code": code, "seat": o["seat"], "mask": len(o["mask"])}))
env.close()
`;
    const r = python(['-c', script]);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(JSON.parse(r.out)).toEqual({ code: 'PAYLOAD_TOO_LARGE', seat: expect.any(Number), mask: 54 });
  }, 60_000);

  it('a reset without a seed deals from a fresh 256-bit secret (no 32-bit seed an agent could search); with one, from the seed', () => {
    const s = new EnvServer();
    const game = (env: number) => (s as unknown as { envs: Map<number, { game: { secret: string | null; commitment: string | null } }> }).envs.get(env)!.game;
    s.handle('{"cmd":"reset","env":0}');
    s.handle('{"cmd":"reset","env":1}');
    s.handle('{"cmd":"reset","env":2,"seed":5}');
    expect(game(0).secret).toMatch(/^[0-9a-f]{64}$/);
    expect(game(1).secret).not.toBe(game(0).secret);
    expect(game(0).commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(game(2).secret).toBeNull();
  });
});
