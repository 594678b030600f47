import { describe, expect, it } from 'bun:test';
import { createAgent, HeuristicAgent, InvalidModel, parseModel, RandomAgent } from '../../../src/engine/ai';
import { playGame } from '../../../src/engine/sim/play';
import { discard, idx, ok, scenario } from '../table/_scenario';

describe('AI players', () => {
  it('random play is reproducible from its seed', () => {
    const a = playGame([1, 2, 3, 4].map((s) => new RandomAgent(s)), { seed: 9 }).toMjlog();
    const b = playGame([1, 2, 3, 4].map((s) => new RandomAgent(s)), { seed: 9 }).toMjlog();
    const c = playGame([5, 6, 7, 8].map((s) => new RandomAgent(s)), { seed: 9 }).toMjlog();
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('heuristic takes a ron it is offered', () => {
    const g = scenario({ hands: ['159m159p159s3456z', '23m456789p11122z', '1268m2368p2368s7z', '349m17p1479s5667z'], draws: '7s9s3s' });
    discard(g, 0, '7s');
    discard(g, 1, '9s');
    ok(g, 2, idx('1m'));
    expect(new HeuristicAgent().decide(g.stateView(1))).toBe(49);
  });

  it('heuristic declares riichi when closed and tenpai', () => {
    const g = scenario({ hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'], draws: '3z' });
    const ai = new HeuristicAgent();
    const first = ai.decide(g.stateView(0));
    expect(first).toBe(idx('3z'));
    ok(g, 0, first);
    expect(ai.decide(g.stateView(0))).toBe(48);
  });

  it('heuristic folds against riichi with a far hand: it cuts the riichi player\'s own discard', () => {
    const g = scenario({
      hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2336z', '258m147p147s4567z'],
      draws: '3z9m9p',
    });
    ok(g, 0, idx('3z'));
    ok(g, 0, 48);
    while (g.phase >= 4 && g.phase < 16) ok(g, g.actor(), 53);
    discard(g, 1, '9m');
    expect(g.actor()).toBe(2);
    expect(new HeuristicAgent().decide(g.stateView(2))).toBe(idx('3z'));
    // Without the defence rule the same hand keeps its 3z pair.
    expect(new HeuristicAgent({ foldShanten: 99 }).decide(g.stateView(2))).not.toBe(idx('3z'));
  });

  it('heuristic play is deterministic: the same seed gives the same game', () => {
    const a = playGame([0, 1, 2, 3].map(() => new HeuristicAgent()), { seed: 21, maxRound: 0 }).toMjlog();
    const b = playGame([0, 1, 2, 3].map(() => new HeuristicAgent()), { seed: 21, maxRound: 0 }).toMjlog();
    expect(a).toBe(b);
  });

  it('heuristic pons a dragon that lowers shanten, and skips a pon that leaves no yaku', () => {
    const others = ['147m258p369s2346z', '369m147p147s2346z'] as const;
    const dragon = scenario({ hands: ['5z258m369p258s467z', '55z123m456p78s19p1z', ...others], draws: '1s' });
    ok(dragon, 0, idx('5z'));
    expect(dragon.validActions(1)).toContain(43);
    expect(new HeuristicAgent().decide(dragon.stateView(1))).toBe(43);
    const plain = scenario({ hands: ['9m258m369p258s467z', '99m123m456p78s19p1z', ...others], draws: '1s' });
    ok(plain, 0, idx('9m'));
    expect(plain.validActions(1)).toContain(43);
    expect(new HeuristicAgent().decide(plain.stateView(1))).toBe(53);
  });

  it('model files carry heuristic weights; bad ones are refused with the reason', () => {
    const m = parseModel(JSON.stringify({ format: 'mahjong-heuristic-v1', name: 'timid', weights: { foldShanten: 0, riichi: false } }));
    expect(m.name).toBe('timid');
    expect(createAgent('timid.json', 1, JSON.stringify(m)).name).toBe('timid');
    expect(() => parseModel('{')).toThrow(InvalidModel);
    expect(() => parseModel(JSON.stringify({ format: 'other', weights: {} }))).toThrow(/mahjong-heuristic-v1/);
    expect(() => parseModel(JSON.stringify({ format: 'mahjong-heuristic-v1', weights: { shanten: 'x' } }))).toThrow(/shanten/);
    expect(() => createAgent('nonsense', 1)).toThrow(/unknown AI/);
  });

  it('heuristic players finish games and win more than random players', () => {
    let heuristicPoints = 0;
    for (let i = 0; i < 6; i++) {
      const game = playGame([new HeuristicAgent(), new RandomAgent(i + 1), new HeuristicAgent(), new RandomAgent(i + 2)], { seed: 40 + i });
      heuristicPoints += game.owari!.points[0]! + game.owari!.points[2]!;
    }
    expect(heuristicPoints).toBeGreaterThan(0);
  });
});

describe('defence order', () => {
  it('ranks genbutsu > suji > kabe > honours > terminals > other tiles', async () => {
    const { safetyAgainst } = await import('../../../src/engine/ai/safety');
    const threat = { seat: 1, wind: 'S' as const, is_oya: false, score: 24000, hand: 13, drawn: null, melds: [], riichi: true, furiten: false, waits: [],
      river: [{ tile: 4 * 3, tsumogiri: false, riichi: true, called: false }] }; // 4m discarded
    const visible = new Array<number>(34).fill(0);
    visible[3] = 1;
    visible[15] = 4; // all four 7p visible: 8p is kabe-safe on that side
    const genbutsu = safetyAgainst(3, threat, visible);
    const suji = safetyAgainst(0, threat, visible); // 1m, suji of 4m
    const kabe = safetyAgainst(16, threat, visible); // 8p next to four 7p
    const honour = safetyAgainst(31, threat, visible);
    const terminal = safetyAgainst(26, threat, visible);
    const other = safetyAgainst(22, threat, visible);
    expect([genbutsu, suji, kabe, honour, terminal, other]).toEqual([...[genbutsu, suji, kabe, honour, terminal, other]].sort((a, b) => b - a));
    expect(new Set([genbutsu, suji, kabe, honour, terminal, other]).size).toBe(6);
  });
});
