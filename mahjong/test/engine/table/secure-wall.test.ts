import { describe, expect, it } from 'bun:test';
import { createHmac } from 'node:crypto';
import { Game } from '../../../src/engine/game';
import { RandomAgent } from '../../../src/engine/ai';
import { hmacSha256, sha256, toHex } from '../../../src/engine/crypto/sha256';
import { newWallSecret, parseWallSeed, secretWall, wallCommitment } from '../../../src/engine/table/secure-wall';
import { handSeed, shuffledWall } from '../../../src/engine/table/wall';
import { checkWalls } from '../../../src/engine/verify/wall-check';
import { parseMjlog } from '../../../src/engine/mjlog/parse';
import type { Paipu } from '../../../src/engine/paipu';
import { exportLog, parseLogText } from '../../../src/formats';
import { exportTenhou6 } from '../../../src/formats/tenhou6/export';

const flat = (w: ReturnType<typeof secretWall>) => [...w.live, ...w.rinshan, ...w.dora, ...w.ura];

function playOut(game: Game, seed = 1): Game {
  const agents = [0, 1, 2, 3].map((s) => new RandomAgent(seed + s));
  while (!game.isOver()) {
    const seat = game.actor();
    if (seat < 0) { game.nextHand(); continue; }
    game.step(seat, agents[seat]!.pick(game.validActions(seat)));
  }
  return game;
}

describe('SHA-256 and HMAC in the engine', () => {
  it('agree with Bun and node:crypto on inputs around every block boundary', () => {
    for (const n of [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 200, 1000]) {
      const data = crypto.getRandomValues(new Uint8Array(n));
      expect(toHex(sha256(data))).toBe(new Bun.CryptoHasher('sha256').update(data).digest('hex'));
      const key = crypto.getRandomValues(new Uint8Array(n % 100 + 1));
      expect(toHex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });
});

describe('walls from a 256-bit secret', () => {
  it('draws the secret from the CSPRNG: 32 bytes, never twice the same', () => {
    const secrets = Array.from({ length: 200 }, newWallSecret);
    for (const s of secrets) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(200);
  });

  it('deals a permutation of the 136 tiles, different per hand and per secret', () => {
    const s = newWallSecret();
    const w0 = flat(secretWall(s, 0));
    expect([...w0].sort((a, b) => a - b)).toEqual(Array.from({ length: 136 }, (_, i) => i));
    expect(flat(secretWall(s, 1))).not.toEqual(w0);
    expect(flat(secretWall(newWallSecret(), 0))).not.toEqual(w0);
    expect(flat(secretWall(s, 0))).toEqual(w0);
  });

  it('depends on every one of the 256 bits of the secret, so no 32- or 64-bit search can reproduce it', () => {
    const s = newWallSecret();
    const base = flat(secretWall(s, 0));
    for (let bit = 0; bit < 256; bit++) {
      const nibble = bit >> 2;
      const flipped = s.slice(0, nibble) + (parseInt(s[nibble]!, 16) ^ (1 << (bit & 3))).toString(16) + s.slice(nibble + 1);
      expect(flat(secretWall(flipped, 0))).not.toEqual(base);
    }
  });

  it('a Game given neither seed nor walls deals from a fresh secret, never from a small seed', () => {
    const a = new Game({ maxRound: 0 });
    const b = new Game({ maxRound: 0 });
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.secret).not.toBe(b.secret);
    expect(parseWallSeed(a.toPaipu().seed)).toMatchObject({ kind: 'committed', commitment: a.commitment, secret: null });
    expect(new Game({ seed: 5, maxRound: 0 }).secret).toBeNull();
  });

  it('ignores the game seed: the only randomness is the secret (the small seed only names practice games)', () => {
    const s = newWallSecret();
    const a = new Game({ seed: 1, secret: s, maxRound: 0 });
    const b = new Game({ seed: 2, secret: s, maxRound: 0 });
    expect(a.stateView(null).players.map((p) => p.hand)).toEqual(b.stateView(null).players.map((p) => p.hand));
    // Nor is it the splitmix32 wall of either seed.
    expect(a.rounds[0]!.hands[0]).not.toEqual(dealt(shuffledWall(handSeed(1, 0))));
  });
});

const dealt = (w: ReturnType<typeof shuffledWall>) => w.live.slice(0, 13);

describe('commitment and reveal', () => {
  const game = playOut(new Game({ secret: newWallSecret(), maxRound: 0 }), 5);
  const paipu = parseMjlog(game.toMjlog());

  it('publishes only the commitment while the game runs, the secret once it is over', () => {
    const fresh = new Game({ secret: newWallSecret(), maxRound: 0 });
    const src = parseWallSeed(fresh.toPaipu().seed);
    expect(src).toEqual({ kind: 'committed', commitment: wallCommitment(fresh.secret!), secret: null });
    expect(fresh.toMjlog()).not.toContain(fresh.secret!);
    expect(checkWalls(fresh.toPaipu()).kind).toBe('unrevealed');
    expect(parseWallSeed(paipu.seed)).toEqual({ kind: 'committed', commitment: game.commitment!, secret: game.secret! });
  });

  it('verifies a finished game: the secret hashes to the commitment and deals every tile of every hand', () => {
    const check = checkWalls(paipu);
    expect(check).toMatchObject({ kind: 'committed', ok: true, commitment: game.commitment });
    expect(check.message).toContain(`${paipu.rounds.length} hand`);
  });

  it('fails when the secret, the commitment or a tile is tampered with', () => {
    const other = newWallSecret();
    const withSeed = (seed: string): Paipu => ({ ...paipu, seed });
    // Another secret under the same commitment.
    expect(checkWalls(withSeed(`devhub-v2,${game.commitment},${other}`))).toMatchObject({ ok: false });
    expect(checkWalls(withSeed(`devhub-v2,${game.commitment},${other}`)).message).toContain('does not hash to the commitment');
    // A consistent commitment for another secret: its walls are not the ones played.
    const forged = checkWalls(withSeed(`devhub-v2,${wallCommitment(other)},${other}`));
    expect(forged.ok).toBe(false);
    expect(forged.message).toContain('wall mismatch');
    // The log's deal changed (two tiles of seat 0 swapped with seat 1's).
    const r0 = paipu.rounds[0]!;
    const hands = r0.hands.map((h) => [...h]);
    const j = hands[1]!.findIndex((t) => t >> 2 !== hands[0]![0]! >> 2);
    [hands[0]![0], hands[1]![j]] = [hands[1]![j]!, hands[0]![0]!];
    const swapped = checkWalls({ ...paipu, rounds: [{ ...r0, hands }, ...paipu.rounds.slice(1)] });
    expect(swapped.ok).toBe(false);
    expect(swapped.message).toContain('hand 1');
  });

  it('a finished game whose log names a commitment but no secret fails: a practice game cannot pass for a committed one', () => {
    const practice = playOut(new Game({ seed: 77, maxRound: 0 })).toPaipu();
    const posing = checkWalls({ ...practice, seed: `devhub-v2,${wallCommitment(newWallSecret())}` });
    expect(posing).toMatchObject({ kind: 'unrevealed', ok: false });
    expect(posing.message).toContain('does not reveal the wall secret');
    // The same game's own record with its secret stripped fails too; mid-game it is only unrevealed.
    expect(checkWalls({ ...paipu, seed: `devhub-v2,${game.commitment}` }).ok).toBe(false);
    expect(checkWalls(new Game({ secret: newWallSecret(), maxRound: 0 }).toPaipu()).ok).toBeNull();
  });

  it('labels the tenhou.net/6 and mjai exports as a local game naming the seed, and checks their walls after a round trip', () => {
    const t6 = exportTenhou6(paipu);
    expect(t6.rule.disp).toBe('ローカル東喰赤');
    expect(t6.title[0]).toContain('Local game');
    expect(t6.title[1]).toContain(`(devhub-v2,${game.commitment},${game.secret})`);
    expect(JSON.stringify(t6)).not.toContain('鳳');
    const back = parseLogText(JSON.stringify(t6)).paipu;
    expect(back.seed).toBe(paipu.seed);
    expect(back.rules).toMatchObject({ eastSouth: false, openTanyao: true, redFives: true });
    expect(checkWalls(back)).toMatchObject({ kind: 'committed', ok: true });
    const mjai = exportLog(paipu, 'mjai');
    expect(JSON.parse(mjai.split('\n')[0]!).devhub_seed).toBe(paipu.seed);
    expect(checkWalls(parseLogText(mjai).paipu)).toMatchObject({ kind: 'committed', ok: true });
    // A Tenhou log keeps its own labels.
    expect(exportTenhou6({ ...paipu, seed: 'mt19937ar-sha512-n288-base64,abc' }).rule.disp).toBe('鳳東喰赤');
  });

  it('checks a seeded practice game against its seed', () => {
    const seeded = parseMjlog(playOut(new Game({ seed: 77, maxRound: 0 }), 3).toMjlog());
    expect(seeded.seed).toBe('devhub-v1,77');
    expect(checkWalls(seeded)).toMatchObject({ kind: 'seeded', ok: true });
    expect(checkWalls({ ...seeded, seed: 'devhub-v1,78' }).ok).toBe(false);
  });
});
