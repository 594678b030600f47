import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { MjaiEvent, mjaiOfId, mjaiOfKind, parseMjaiTile } from '../../src/formats/mjai';

describe('mjai tile codec', () => {
  it('writes every Tenhou id and reads it back as its kind and red-ness', () => {
    for (let id = 0; id < 136; id++) {
      const code = mjaiOfId(id);
      expect(parseMjaiTile(code)).toEqual({ kind: id >> 2, red: id === 16 || id === 52 || id === 88 });
    }
    expect([16, 52, 88, 17, 108, 112, 124, 132].map(mjaiOfId)).toEqual(['5mr', '5pr', '5sr', '5m', 'E', 'S', 'P', 'C']);
  });

  it('refuses codes that are not tiles', () => {
    for (const bad of ['0m', '4mr', '10p', 'X', 'e', '', '?', 5, null]) expect(parseMjaiTile(bad)).toBeNull();
    expect(() => mjaiOfKind(34)).toThrow();
  });

  it('validates events with one schema per event', () => {
    expect(Value.Check(MjaiEvent, { type: 'dahai', actor: 1, pai: '5sr', tsumogiri: false })).toBe(true);
    expect(Value.Check(MjaiEvent, { type: 'dahai', actor: 4, pai: '5sr', tsumogiri: false })).toBe(false);
    expect(Value.Check(MjaiEvent, { type: 'chi', actor: 1, target: 0, pai: '3m', consumed: ['4m', '5mr'] })).toBe(true);
    expect(Value.Check(MjaiEvent, { type: 'pon', actor: 1, target: 0, pai: '3x', consumed: ['3m', '3m'] })).toBe(false);
  });
});
