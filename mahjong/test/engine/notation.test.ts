import { describe, expect, it } from 'bun:test';
import { NotationError, parseKinds, parseTiles } from '../../src/engine/notation';

describe('tile notation', () => {
  it('reads spaces, upper-case suits and full-width digits as the same tiles', () => {
    const plain = parseKinds('123m406p789s11z');
    expect(parseKinds('123m 406p 789s 11z')).toEqual(plain);
    expect(parseKinds('123M406P789S11Z')).toEqual(plain);
    expect(parseKinds('１２３m４０６p７８９s１１z')).toEqual(plain);
    expect(parseTiles('0P')).toEqual([52]);
  });

  it('still refuses what is not notation, quoting a long input only in part', () => {
    expect(() => parseKinds('123x')).toThrow(NotationError);
    expect(() => parseKinds(`${'1'.repeat(100)}q`)).toThrow(`"${'1'.repeat(40)}…" is not tile notation`);
  });
});
