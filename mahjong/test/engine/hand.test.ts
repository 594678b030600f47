import { describe, expect, it } from 'bun:test';
import {
  countsOfKinds, decompositions, formatKinds, formatTiles, handWaits, kindName, NotationError, parseKinds, parseMelds, parseTiles, winReadings,
} from '../../src/engine/rules';

const c = (s: string) => countsOfKinds(parseKinds(s));

describe('tile notation', () => {
  it('parses 0 as the red five (ids 16, 52, 88) and formats it back', () => {
    expect(parseTiles('0m0p0s')).toEqual([16, 52, 88]);
    expect(formatTiles(parseTiles('406p123m789s1122z'))).toBe('123m406p789s1122z');
  });
  it('gives plain fives the non-red copies first', () => {
    expect(parseTiles('555m')).toEqual([17, 18, 19]);
    expect(parseTiles('5555m')).toContain(16);
  });
  it('rejects bad notation and a fifth copy', () => {
    expect(() => parseTiles('12x')).toThrow(NotationError);
    expect(() => parseTiles('8z')).toThrow(NotationError);
    expect(() => parseTiles('11111m')).toThrow(NotationError);
    expect(() => parseMelds('pon:12m')).toThrow(NotationError);
    // A type named after what every object inherits is no meld type.
    expect(() => parseMelds('constructor:7777z')).toThrow(NotationError);
  });
  it('names kinds', () => {
    expect(kindName(31)).toBe('5z');
    expect(formatKinds([0, 9, 18, 27])).toBe('1m1p1s1z');
  });
});

describe('decompositions', () => {
  it('finds every regular reading of 11122233344455m', () => {
    const forms = decompositions(c('11122233344455m')).map((d) => d.sets.map((s) => `${s.type}${s.kind}`).join(' '));
    expect(forms.sort()).toEqual([
      'pair1 pung0 chow1 chow2 chow2',
      'pair4 chow0 chow0 chow0 pung3',
      'pair4 pung0 chow1 chow1 chow1',
      'pair4 pung0 pung1 pung2 pung3',
    ]);
  });
  it('reads ryanpeikou shapes also as seven pairs', () => {
    expect(decompositions(c('223344m667788p88s')).map((d) => d.form).sort()).toEqual(['chiitoi', 'regular']);
  });
  it('finds kokushi and rejects a duplicated chiitoitsu pair', () => {
    expect(decompositions(c('119m19p19s1234567z')).map((d) => d.form)).toEqual(['kokushi']);
    expect(decompositions(c('1111m22m33p44p55s66s'))).toEqual([]);
  });
});

describe('wait shapes', () => {
  it('classifies each reading of the winning tile', () => {
    const shapes = decompositions(c('123345m678p456s99p')).flatMap((d) => winReadings(d, 2).map((r) => r.wait));
    expect(shapes.sort()).toEqual(['penchan', 'ryanmen']);
  });
  it('reports ryanmen, kanchan, shanpon, tanki and nobetan for tenpai hands', () => {
    expect(handWaits(c('23m456p789s11z555p'))).toEqual([{ kind: 0, shapes: ['ryanmen'] }, { kind: 3, shapes: ['ryanmen'] }]);
    expect(handWaits(c('13m456p789s11z555p'))).toEqual([{ kind: 1, shapes: ['kanchan'] }]);
    expect(handWaits(c('12m456p789s11z555p'))).toEqual([{ kind: 2, shapes: ['penchan'] }]);
    expect(handWaits(c('11m22z456p789s555p'))).toEqual([{ kind: 0, shapes: ['shanpon'] }, { kind: 28, shapes: ['shanpon'] }]);
    expect(handWaits(c('3456m456p789s555p'))).toEqual([{ kind: 2, shapes: ['nobetan'] }, { kind: 5, shapes: ['nobetan'] }]);
    expect(handWaits(c('1z456m456p789s555p'))).toEqual([{ kind: 27, shapes: ['tanki'] }]);
  });
});

describe('Tenhou yaku names', () => {
  it('names every id 0–54', async () => {
    const { TENHOU_YAKU_NAMES, yakuName } = await import('../../src/engine/rules');
    for (let id = 0; id <= 54; id++) expect(TENHOU_YAKU_NAMES[id]).toBeString();
    expect(yakuName(46)).toBe('junsei chuuren poutou');
    expect(yakuName(99)).toBe('yaku 99');
  });
});
