import { describe, expect, it } from 'bun:test';
import { A } from '../../src/engine/table/actions';
import type { MjaiEvent } from '../../src/formats/mjai';
import { type AnswerContext, decisionOf } from '../../src/mjai/actions';

// What a bot may answer, checked as the original mjai server checks it: the answer is the seat's own
// and names the tile it answers. Seat 2 is asked about seat 1's discard of 3m, or about its own draw of 7p.
const discard = { type: 'dahai', actor: 1, pai: '3m', tsumogiri: false } as MjaiEvent;
const onDiscard: AnswerContext = { seat: 2, asked: discard };
const onDraw: AnswerContext = { seat: 2, asked: { type: 'tsumo', actor: 2, pai: '7p' } as MjaiEvent };
const calls = [A.SKIP, A.PON, A.DAIMINKAN, A.CHI_LOW, A.RON];
const own = [A.TSUMO, 15]; // 15: a discard of 7p

const reason = (answer: unknown, legal: number[], selfTurn: boolean, context: AnswerContext) => {
  const d = decisionOf(answer, legal, selfTurn, context);
  return d.ok ? ('action' in d ? d.action : 'reach') : d.reason;
};

describe('an mjai answer, with the event that asked it', () => {
  it('takes the right answers', () => {
    expect(reason({ type: 'pon', actor: 2, target: 1, pai: '3m', consumed: ['3m', '3m'] }, calls, false, onDiscard)).toBe(A.PON);
    expect(reason({ type: 'daiminkan', actor: 2, target: 1, pai: '3m', consumed: ['3m', '3m', '3m'] }, calls, false, onDiscard)).toBe(A.DAIMINKAN);
    expect(reason({ type: 'chi', actor: 2, target: 1, pai: '3m', consumed: ['4m', '5m'] }, calls, false, onDiscard)).toBe(A.CHI_LOW);
    expect(reason({ type: 'hora', actor: 2, target: 1, pai: '3m' }, calls, false, onDiscard)).toBe(A.RON);
    expect(reason({ type: 'none' }, calls, false, onDiscard)).toBe(A.SKIP);
    expect(reason({ type: 'hora', actor: 2, target: 2, pai: '7p' }, own, true, onDraw)).toBe(A.TSUMO);
    expect(reason({ type: 'dahai', actor: 2, pai: '7p', tsumogiri: true }, own, true, onDraw)).toBe(15);
    // A bot that leaves the optional fields out is not refused for it.
    expect(reason({ type: 'hora' }, calls, false, onDiscard)).toBe(A.RON);
  });

  it('refuses an answer in another seat\'s name, or one naming a tile nobody threw', () => {
    expect(reason({ type: 'dahai', actor: 3, pai: '7p', tsumogiri: true }, own, true, onDraw)).toBe('Invalid actor.');
    expect(reason({ type: 'pon', actor: 3, target: 1, pai: '3m', consumed: ['3m', '3m'] }, calls, false, onDiscard)).toBe('Invalid actor.');
    expect(reason({ type: 'pon', actor: 2, target: 1, pai: '1m', consumed: ['1m', '1m'] }, calls, false, onDiscard)).toBe('pon names pai "1m", not "3m"');
    expect(reason({ type: 'pon', actor: 2, target: 1, pai: '3m', consumed: ['1m', '1m'] }, calls, false, onDiscard)).toBe('pon consumes ["1m","1m"], not 2 of "3m"');
    expect(reason({ type: 'daiminkan', actor: 2, target: 1, pai: '3m', consumed: ['3m', '3m'] }, calls, false, onDiscard)).toBe('daiminkan consumes ["3m","3m"], not 3 of "3m"');
    expect(reason({ type: 'hora', actor: 2, target: 0, pai: '3m' }, calls, false, onDiscard)).toBe('hora names target 0, not 1');
    expect(reason({ type: 'hora', actor: 2, target: 2, pai: '1s' }, own, true, onDraw)).toBe('hora names pai "1s", not "7p"');
  });

  it("refuses a tsumogiri flag that contradicts the draw, with the original server's words", () => {
    const own2 = [...own, 9]; // 9: a discard of 1p, held in the hand
    expect(reason({ type: 'dahai', actor: 2, pai: '1p', tsumogiri: true }, own2, true, onDraw)).toBe('tsumogiri is true but the pai is not tsumo pai: 1p != 7p');
    expect(reason({ type: 'dahai', actor: 2, pai: '1p', tsumogiri: 'yes' }, own2, true, onDraw)).toBe('tsumogiri must be either true or false.');
    const afterPon: AnswerContext = { seat: 2, asked: { type: 'pon', actor: 2, target: 1, pai: '3m', consumed: ['3m', '3m'] } as MjaiEvent };
    expect(reason({ type: 'dahai', actor: 2, pai: '1p', tsumogiri: true }, own2, true, afterPon)).toBe('tsumogiri must be false on dahai after furo.');
    // Right flags, or none at all, are taken.
    expect(reason({ type: 'dahai', actor: 2, pai: '1p', tsumogiri: false }, own2, true, onDraw)).toBe(9);
    expect(reason({ type: 'dahai', actor: 2, pai: '1p' }, own2, true, afterPon)).toBe(9);
  });
});
