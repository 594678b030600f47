/**
 * mjai JSON lines → paipu. Every line is checked against its event schema; the tiles are given
 * ids as they appear (tile-ids.ts) and each hand is replayed by the engine, which supplies the
 * results (yaku, fu, points) and must agree with the log's `deltas`. A log seen from one seat
 * (other hands as `?`) cannot be replayed and is refused.
 */
import { parseWallSeed } from '../../engine/table/secure-wall';
import { Value } from '@sinclair/typebox/value';
import type { Round, RyuukyokuKind } from '../../engine/paipu/types';
import { completeWithEngine } from '../complete';
import { InvalidLog } from '../errors';
import { jsonTextDeeperThan, MAX_JSON_DEPTH } from '../json-depth';
import { RoundBuilder } from '../round-builder';
import type { TileRef } from '../tile-ids';
import { MjaiEvent } from './schema';
import { parseMjaiTile } from './tiles';

const FORMAT = 'mjai' as const;
const KINDS = new Set(['exhaustive', 'yao9', 'reach4', 'ron3', 'kan4', 'kaze4', 'nm']);
const WINDS = ['E', 'S', 'W', 'N'];

/**
 * The kind of a draw a log does not name (plain mjai has no reason): right after a draw it is
 * nine terminals; after the last tile's discard, exhaustive; after another discard, three rons
 * (the seats that can ron declare it; four winds and four kans the engine ends by itself).
 */
function inferDraw(lastType: string, tilesLeft: number): RyuukyokuKind {
  if (lastType === 'tsumo') return 'yao9';
  if (lastType === 'dahai' && tilesLeft > 0) return 'ron3';
  return 'exhaustive';
}

function tileOf(code: string, where: string): TileRef {
  const t = parseMjaiTile(code);
  if (!t) throw new InvalidLog(FORMAT, where, code === '?' ? 'a hidden tile (?): a log seen from one seat cannot be replayed' : `"${code}" is not a tile`);
  return t;
}

export function parseMjaiEvents(events: unknown[], lineOf: (i: number) => number = (i) => i + 1) {
  let names: string[] = [];
  let type = 0xa9;
  let seed = '';
  const rounds: Round[] = [];
  const deltas: (number[] | undefined)[][] = [];
  let b: RoundBuilder | null = null;
  let lastType = '';
  events.forEach((raw, i) => {
    const where0 = `line ${lineOf(i)}`;
    if (!Value.Check(MjaiEvent, raw)) {
      const err = Value.Errors(MjaiEvent, raw).First();
      const t = (raw as { type?: unknown })?.type;
      throw new InvalidLog(FORMAT, `${where0} (${typeof t === 'string' ? t : 'no type'})`, `not a valid mjai event${err ? `: ${err.path || '/'} ${err.message}` : ''}`);
    }
    const e = raw as MjaiEvent;
    const where = `${where0} (${e.type})`;
    const need = (): RoundBuilder => b ?? (() => { throw new InvalidLog(FORMAT, where, 'event before start_kyoku'); })();
    switch (e.type) {
      case 'start_game': {
        names = e.names ?? [];
        const rule = (raw as { tenhou_rule?: unknown; aka_flag?: unknown }).tenhou_rule;
        const named = (raw as { devhub_seed?: unknown }).devhub_seed;
        if (typeof named === 'string' && parseWallSeed(named).kind !== 'unknown') seed = named;
        if (Number.isInteger(rule)) type = rule as number;
        else if ((raw as { aka_flag?: unknown }).aka_flag === false) type |= 0x02;
        if (type & 0x10) throw new InvalidLog(FORMAT, where, 'three-player games are not supported');
        break;
      }
      case 'start_kyoku':
        b = new RoundBuilder(FORMAT, !(type & 0x02), {
          round: WINDS.indexOf(e.bakaze) * 4 + e.kyoku - 1, honba: e.honba, kyotaku: e.kyotaku, oya: e.oya, scores: e.scores,
          dora: tileOf(e.dora_marker, where), hands: e.tehais.map((h) => h.map((c) => tileOf(c, where))),
        }, where);
        rounds.push(b.round);
        deltas.push([]);
        break;
      case 'tsumo': need().draw(e.actor, tileOf(e.pai, where), where); break;
      case 'dahai': need().discard(e.actor, tileOf(e.pai, where), e.tsumogiri, where); break;
      case 'reach': need().riichi(e.actor, 1); break;
      case 'reach_accepted': need().riichi(e.actor, 2); break;
      case 'dora': need().dora(tileOf(e.dora_marker, where), where); break;
      case 'chi': case 'pon': case 'daiminkan':
        need().call(e.type, e.actor, e.target, tileOf(e.pai, where), e.consumed.map((c) => tileOf(c, where)), where);
        break;
      case 'kakan': need().kakan(e.actor, tileOf(e.pai, where), where); break;
      case 'ankan': need().ankan(e.actor, e.consumed.map((c) => tileOf(c, where)), where); break;
      case 'hora': {
        const r = need();
        r.setUra((e.ura_markers ?? []).map((c) => tileOf(c, where)), where);
        r.agari(e.actor, e.target);
        deltas.at(-1)!.push(e.deltas);
        break;
      }
      case 'ryukyoku': {
        const reason = (raw as { reason?: unknown }).reason;
        const r = need();
        const kind = (typeof reason === 'string' && KINDS.has(reason) ? reason : inferDraw(lastType, r.tilesLeft)) as RyuukyokuKind;
        r.ryuukyoku(kind);
        deltas.at(-1)!.push(e.deltas);
        break;
      }
      case 'end_kyoku': b = null; break;
      default: break; // end_game, none
    }
    lastType = e.type;
  });
  return completeWithEngine(FORMAT, { type, names, seed, rounds, resultDeltas: deltas });
}

/** Text of JSON lines (blank lines skipped). */
export function parseMjai(text: string) {
  const events: unknown[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const s = line.trim();
    if (!s) return;
    if (jsonTextDeeperThan(s)) throw new InvalidLog(FORMAT, `line ${i + 1}`, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    try { events.push(JSON.parse(s)); } catch {
      throw new InvalidLog(FORMAT, `line ${i + 1}`, 'not a JSON object');
    }
    lines.push(i + 1);
  });
  if (events.length === 0) throw new InvalidLog(FORMAT, 'line 1', 'no events');
  return parseMjaiEvents(events, (i) => lines[i]!);
}
