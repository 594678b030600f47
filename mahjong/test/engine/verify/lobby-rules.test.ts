import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { owariOf, TENHOU_OWARI } from '../../../src/engine/game';
import { playGame } from '../../../src/engine/sim/play';
import { EAST_ONLY_OWARI } from '../../../src/engine/verify/verify-paipu';
import { verifyText } from '../../../src/engine/verify/verify-text';
import { exportLog, parseLogText } from '../../../src/formats';

/** A real game played by our engine, as Tenhou XML, with its GO tag and final points rewritten. */
function builtLog(maxRound: 0 | 1, edit: (xml: string, scores: number[]) => string): string {
  const game = playGame([0, 1, 2, 3].map(() => new StrongAgent()), { seed: 11, maxRound });
  return edit(game.toMjlog(), game.owari!.scores);
}
const withOwari = (xml: string, scores: number[], points: number[]) =>
  xml.replace(/owari="[^"]*"/, `owari="${scores.map((s, i) => `${s / 100},${points[i]!.toFixed(1)}`).join(',')}"`);

describe('verify: final points by the rules the log implies', () => {
  it('East-only games use uma +10/+5/−5/−10 (the GO type without the hanchan bit)', () => {
    expect(owariOf([7500, 45300, 35500, 11700], EAST_ONLY_OWARI).points).toEqual([-32, 44, 11, -23]);
    const east = (uma: typeof EAST_ONLY_OWARI) => builtLog(0, (x, s) => withOwari(x, s, owariOf(s, uma).points));
    const good = verifyText('east.mjlog', east(EAST_ONLY_OWARI));
    expect([good.status, good.firstMismatch]).toEqual(['ok', null]);
    // The hanchan uma on an East-only log is wrong now.
    expect(verifyText('east.mjlog', east(TENHOU_OWARI)).firstMismatch).toContain('final owari');
  });

  it('decimal final points (older logs) are computed exactly and accepted as the log states them', () => {
    const decimal = { ...TENHOU_OWARI, decimal: true };
    const exact = builtLog(1, (x, s) => withOwari(x, s, owariOf(s, decimal).points));
    // The game's scores are not all whole thousands, so its points carry tenths.
    expect(/owari="[^"]*\.[1-9]/.test(exact)).toBe(true);
    const v = verifyText('old.mjlog', exact);
    expect([v.status, v.firstMismatch]).toEqual(['ok', null]);
    expect(owariOf([1800, 30000, 33200, 35000], decimal).points).toEqual([-48.2, -10, 13.2, 45]);
    // A tenth plus the uma is rounded again: 23,100 in second place is −6.9 + 10 = 3.1 exactly.
    expect(owariOf([21700, 22400, 32800, 23100], decimal).points).toEqual([-28.3, -17.6, 42.8, 3.1]);
  });

  it('a custom lobby (lobby ≠ 0) is reported as not checked, never as a mismatch', () => {
    const custom = builtLog(1, (x, s) => withOwari(x.replace(/<GO type="(\d+)" lobby="0"/, '<GO type="$1" lobby="4321"'), s, [50, 10, -20, -40]));
    expect(custom).toContain('lobby="4321"');
    const v = verifyText('custom.mjlog', custom);
    expect(v.status).toBe('ok');
    expect(v.notes).toEqual(["final points not checked: custom rules"]);
  });

  it('a custom lobby stays "not checked" after conversion to tenhou.net/6 (and back to XML)', () => {
    const custom = builtLog(1, (x, s) => withOwari(x.replace(/<GO type="(\d+)" lobby="0"/, '<GO type="$1" lobby="4321" csrule="0000,0001"'), s, [50, 10, -20, -40]));
    const t6 = exportLog(parseLogText(custom).paipu, 'tenhou6');
    const v = verifyText('custom.json', t6, (text) => parseLogText(text).paipu);
    expect([v.status, v.firstMismatch, v.notes]).toEqual(['ok', null, ['final points not checked: custom rules']]);
    const back = exportLog(parseLogText(t6).paipu, 'xml');
    expect(back).toContain('lobby="4321" csrule="0000,0001"');
    // A ranked lobby's export carries no lobby field.
    expect(JSON.parse(exportLog(parseLogText(builtLog(1, (x) => x)).paipu, 'tenhou6'))).not.toHaveProperty('lobby');
  });
});
