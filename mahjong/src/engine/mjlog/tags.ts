/**
 * Typed reading of one mjlog tag's attributes, and the tags that carry a result (AGARI, owari)
 * or the players (UN). Every bad value fails with the tag's line and column.
 */
import type { AgariEvent, Meld, Paipu, Player } from '../paipu/types';
import { decodeMeld } from './meld-code';
import { failAt, type XmlTag } from './xml';

export interface Ctx { text: string; tag: XmlTag }

export function ints(ctx: Ctx, key: string, opts: { required?: boolean; count?: number; max?: number } = {}): number[] {
  const raw = ctx.tag.attrs[key];
  if (raw === undefined || raw === '') {
    if (opts.required) failAt(ctx.text, ctx.tag.offset, `<${ctx.tag.name}> lacks attribute ${key}`);
    return [];
  }
  const out = raw.split(',').map((s) => Number(s.trim()));
  if (out.some((x) => !Number.isFinite(x))) failAt(ctx.text, ctx.tag.offset, `<${ctx.tag.name} ${key}="${raw}"> is not a number list`);
  if (opts.count !== undefined && out.length < opts.count) failAt(ctx.text, ctx.tag.offset, `<${ctx.tag.name} ${key}> needs ${opts.count} values`);
  if (opts.max !== undefined && out.some((x) => x < 0 || x > opts.max! || !Number.isInteger(x))) failAt(ctx.text, ctx.tag.offset, `<${ctx.tag.name} ${key}> holds an invalid tile`);
  return out;
}
export const int = (ctx: Ctx, key: string, fallback?: number): number => {
  const v = ints(ctx, key, { required: fallback === undefined })[0];
  return v ?? fallback!;
};
export const tilesOf = (ctx: Ctx, key: string) => ints(ctx, key, { max: 135 });
export const seat = (ctx: Ctx, key: string): number => {
  const v = int(ctx, key);
  if (v < 0 || v > 3) failAt(ctx.text, ctx.tag.offset, `<${ctx.tag.name} ${key}="${v}"> is not a seat`);
  return v;
};

export function meldOf(ctx: Ctx, who: number, m: number): Meld {
  if (!Number.isInteger(m) || m < 0 || m > 0xffff) failAt(ctx.text, ctx.tag.offset, `meld code ${m} out of range`);
  const d = decodeMeld(m);
  if (d.tiles.some((x) => x > 135)) failAt(ctx.text, ctx.tag.offset, `meld code ${m} names no tile`);
  return { type: d.type, tiles: d.tiles, called: d.called, added: d.added, from: (who + d.from) % 4, m };
}

export function scoresDeltas(ctx: Ctx): { scores: number[]; deltas: number[] } {
  const sc = ints(ctx, 'sc', { required: true, count: 8 });
  return { scores: [0, 2, 4, 6].map((i) => sc[i]! * 100), deltas: [1, 3, 5, 7].map((i) => sc[i]! * 100) };
}

export function parseAgari(ctx: Ctx): AgariEvent {
  const who = seat(ctx, 'who');
  const [honba = 0, kyotaku = 0] = ints(ctx, 'ba');
  const [fu = 0, points = 0, limit = 0] = ints(ctx, 'ten', { required: true, count: 3 });
  const y = ints(ctx, 'yaku');
  const yaku = [];
  for (let i = 0; i + 1 < y.length; i += 2) yaku.push({ id: y[i]!, han: y[i + 1]! });
  const pao = ctx.tag.attrs.paoWho;
  return {
    t: 'agari', who, fromWho: seat(ctx, 'fromWho'), paoWho: pao === undefined ? null : seat(ctx, 'paoWho'),
    honba, kyotaku, hand: tilesOf(ctx, 'hai'), melds: ints(ctx, 'm').map((m) => meldOf(ctx, who, m)),
    machi: tilesOf(ctx, 'machi')[0] ?? failAt(ctx.text, ctx.tag.offset, '<AGARI> lacks machi'),
    fu, points, limit, yaku, yakuman: ints(ctx, 'yakuman'),
    doraIndicators: tilesOf(ctx, 'doraHai'), uraIndicators: tilesOf(ctx, 'doraHaiUra'), ...scoresDeltas(ctx),
  };
}

export function parseOwari(ctx: Ctx): Paipu['owari'] {
  const raw = ctx.tag.attrs.owari;
  if (raw === undefined) return null;
  const o = raw.split(',').map(Number);
  if (o.length < 8 || o.some((x) => !Number.isFinite(x))) failAt(ctx.text, ctx.tag.offset, 'owari needs 8 numbers');
  return { scores: [0, 2, 4, 6].map((i) => o[i]! * 100), points: [1, 3, 5, 7].map((i) => o[i]!) };
}

export function playersOf(ctx: Ctx, players: Player[]): void {
  const dan = ints(ctx, 'dan');
  const rate = ints(ctx, 'rate');
  const sx = (ctx.tag.attrs.sx ?? '').split(',');
  for (let i = 0; i < 4; i++) {
    const raw = ctx.tag.attrs[`n${i}`];
    if (raw === undefined) continue;
    let name = raw;
    try { name = decodeURIComponent(raw); } catch { /* old logs: keep the raw name */ }
    players[i] = { name, dan: dan[i] ?? players[i]!.dan, rate: rate[i] ?? players[i]!.rate, sex: sx[i] || players[i]!.sex };
  }
}
