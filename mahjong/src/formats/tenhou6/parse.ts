/**
 * tenhou.net/6 JSON → paipu (layout in export.ts). The draws and discards of the four seats are
 * listed per seat; they are interleaved here by playing the turn order: after a discard, a seat
 * whose next entry is a call of that tile takes it, else the next seat draws. The engine then
 * replays every hand and supplies the results (complete.ts).
 */
import type { Round } from '../../engine/paipu/types';
import { completeWithEngine } from '../complete';
import { seedOfTitle } from './export';
import { InvalidLog } from '../errors';
import { RoundBuilder } from '../round-builder';
import type { TileRef } from '../tile-ids';
import { T6_DRAWS, TSUMOGIRI, tileOfT6 } from './tiles';

const FORMAT = 'tenhou6' as const;
const fail = (where: string, msg: string): never => { throw new InvalidLog(FORMAT, where, msg); };

function tile(n: unknown, where: string): TileRef {
  return tileOfT6(n) ?? fail(where, `${JSON.stringify(n)} is not a tile number`);
}

interface CallString { letter: string; tiles: TileRef[]; pos: number }

function callString(s: string, where: string): CallString {
  const m = /^((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)$/.exec(s) ?? fail(where, `"${s}" is not a call`);
  const nums = (x: string) => (x.match(/\d\d/g) ?? []).map((d) => tile(Number(d), where));
  const before = nums(m[1]!);
  return { letter: m[2]!, tiles: [...before, tile(Number(m[3]), where), ...nums(m[4]!)], pos: before.length };
}

/** Relative seat (1 right, 2 across, 3 left) a pon/daiminkan/chi string names. */
function relFrom(c: CallString): number {
  if (c.letter === 'c') return 3;
  if (c.pos === 0) return 3;
  if (c.pos === 1) return 2;
  return 1;
}

export function typeFromRule(rule: unknown): number {
  const r = (rule ?? {}) as Record<string, unknown>;
  const disp = typeof r.disp === 'string' ? r.disp : '';
  // Red fives: Tenhou's own JSON says aka51/aka52/aka53 (one per suit), other tools aka.
  const akaKeys = ['aka', 'aka51', 'aka52', 'aka53'].filter((key) => r[key] !== undefined);
  const red = akaKeys.length ? akaKeys.some((key) => Number(r[key]) > 0) : !disp || disp.includes('赤');
  let type = 0x01;
  if (!disp.includes('東') && !/\bEast\b/i.test(disp)) type |= 0x08;
  // Only Tenhou's Japanese label says 喰 (open tanyao); another tool's English one ("Gold Room South") does not.
  if (/[\u3040-\u9fff]/.test(disp) && !disp.includes('喰')) type |= 0x04;
  if (!red) type |= 0x02;
  if (disp.includes('鳳')) type |= 0xa0;
  else if (disp.includes('特')) type |= 0x20;
  else if (disp.includes('上')) type |= 0x80;
  if (disp.includes('速')) type |= 0x40;
  return type;
}

type ParsedKyoku = { round: Round; deltas: (number[] | undefined)[] };

/**
 * Readings beyond the first that one log may take, over all its kyokus (see parseKyoku): a real log
 * needs a few; a crafted one must not make a server read each of thousands of kyokus many times.
 */
const EXTRA_READINGS = 256;

/** A discard more than one reading could give: `options` = the seats whose call entry matches it, plus nobody. */
interface Fork { discard: number; options: number }

/**
 * A kyoku, read as its most natural turn order. The per-seat lists leave one thing open: a seat
 * may pass a discard it could call and call the same kind from the same seat later, with no draw
 * in between (another seat's call skipped its turn), and then both discards match its call entry;
 * or two seats' entries match one discard (a pon and a chi) and the pon was passed. The first
 * reading gives each discard to its first matching call, pon before chi; when a reading breaks
 * down later, the latest such discard goes to the next candidate instead, then to nobody (depth
 * first), until a reading holds. Only the first reading's error is reported.
 */
function parseKyoku(k: unknown, idx: number, redFives: boolean, budget: { extraReadings: number }): ParsedKyoku {
  let choices = new Map<number, number>();
  let firstError: InvalidLog | undefined;
  for (let reading = 0; reading === 0 || budget.extraReadings-- > 0; reading++) {
    const forks: Fork[] = [];
    try {
      return readKyoku(k, idx, redFives, choices, forks);
    } catch (error) {
      if (!(error instanceof InvalidLog)) throw error;
      firstError ??= error;
      let f = forks.length - 1;
      while (f >= 0 && (choices.get(forks[f]!.discard) ?? 0) + 1 >= forks[f]!.options) f--;
      if (f < 0) break;
      const next = new Map<number, number>();
      for (let i = 0; i < f; i++) next.set(forks[i]!.discard, choices.get(forks[i]!.discard) ?? 0);
      next.set(forks[f]!.discard, (choices.get(forks[f]!.discard) ?? 0) + 1);
      choices = next;
    }
  }
  throw firstError!;
}

/**
 * One reading of a kyoku: the discard numbered n (0 = the kyoku's first) goes to its candidate
 * `choices.get(n)` (default 0, the natural one; past the candidates: nobody); every discard with a
 * matching call entry is appended to `forks`.
 */
function readKyoku(k: unknown, idx: number, redFives: boolean, choices: ReadonlyMap<number, number>, forks: Fork[]): ParsedKyoku {
  const at = `log[${idx}]`;
  if (!Array.isArray(k) || k.length < 17) fail(at, 'a kyoku is [[round, honba, sticks], scores, dora, ura, 4 × (hand, draws, discards), result]');
  const kk = k as unknown[];
  const [hdr, scores, doras, uras] = kk as [number[], number[], unknown[], unknown[]];
  if (!Array.isArray(hdr) || hdr.length < 3 || !hdr.every((x) => Number.isInteger(x) && x >= 0)) fail(at, 'header must be [round, honba, sticks]');
  if (!Array.isArray(scores) || scores.length !== 4 || !scores.every(Number.isInteger)) fail(at, 'scores must be four integers');
  if (!Array.isArray(doras) || doras.length < 1 || !Array.isArray(uras)) fail(at, 'dora and ura must be lists');
  const hands: unknown[] = [], takes: unknown[][] = [], dahais: unknown[][] = [];
  for (let s = 0; s < 4; s++) {
    const [h, t, d] = [kk[4 + 3 * s], kk[5 + 3 * s], kk[6 + 3 * s]];
    if (!Array.isArray(h) || !Array.isArray(t) || !Array.isArray(d)) fail(at, `seat ${s}: hand, draws and discards must be lists`);
    hands.push(h); takes.push(t as unknown[]); dahais.push(d as unknown[]);
  }
  const [round, honba, kyotaku] = hdr;
  const oya = round! % 4;
  const b = new RoundBuilder(FORMAT, redFives, {
    round: round!, honba: honba!, kyotaku: kyotaku!, oya, scores,
    dora: tile(doras[0], `${at} dora`), hands: (hands as unknown[][]).map((h, s) => h.map((n) => tile(n, `${at} hand of seat ${s}`))),
  }, at);
  const ti = [0, 0, 0, 0], di = [0, 0, 0, 0];
  let doraIdx = 1;
  let pendingDora = 0;
  const revealDora = () => {
    while (pendingDora > 0 && doraIdx < doras.length) { b.dora(tile(doras[doraIdx++], `${at} dora`), `${at} dora`); pendingDora--; }
    pendingDora = 0;
  };
  let seat = oya;
  let riichiPending = -1;
  let drawNext = true; // false after chi/pon: the caller discards without drawing
  let discardNo = -1;
  const where = (what: string, s: number, i: number) => `${at} seat ${s} ${what}[${i}]`;
  for (let guard = 0; guard < 1000; guard++) {
    if (drawNext) {
      if (ti[seat]! >= takes[seat]!.length) break;
      const tk = takes[seat]![ti[seat]!];
      if (typeof tk !== 'number') fail(where('draws', seat, ti[seat]!), `expected a drawn tile, got ${JSON.stringify(tk)}`);
      b.draw(seat, tile(tk, where('draws', seat, ti[seat]!)), where('draws', seat, ti[seat]!));
      ti[seat]!++;
    }
    if (di[seat]! >= dahais[seat]!.length) break; // tsumo, nine terminals, or the log ends
    const dIdx = di[seat]!++;
    const dw = where('discards', seat, dIdx);
    let d = dahais[seat]![dIdx];
    if (typeof d === 'string' && /[ka]/.test(d)) {
      const c = callString(d, dw);
      // Kan dora (as Tenhou): a closed kan's at once; an added or open kan's at the next discard
      // or at the next kan's call, whichever comes first.
      if (c.letter === 'k') { b.kakan(seat, c.tiles[c.pos]!, dw); revealDora(); pendingDora++; }
      else { b.ankan(seat, c.tiles, dw); pendingDora++; revealDora(); }
      drawNext = true;
      continue; // the replacement draw is the seat's next draw entry
    }
    let riichi = false;
    if (typeof d === 'string' && d.startsWith('r')) { riichi = true; d = Number(d.slice(1)); }
    if (typeof d !== 'number') fail(dw, `expected a discard, got ${JSON.stringify(d)}`);
    revealDora();
    if (riichi) b.riichi(seat, 1);
    const tsumogiri = d === TSUMOGIRI;
    if (tsumogiri) {
      const drawn = b.drawnTile(seat) ?? fail(dw, 'tsumogiri (60) without a drawn tile');
      b.discard(seat, drawn, true, dw);
    } else b.discard(seat, tile(d, dw), drawNext ? false : undefined, dw);
    discardNo++;
    if (riichiPending >= 0) riichiPending = -1;
    if (riichi) riichiPending = seat;
    // Who takes the discard?
    const discarder = seat;
    const candidates: { seat: number; call: CallString }[] = [];
    for (let i = 1; i < 4; i++) {
      const s = (discarder + i) % 4;
      const next = takes[s]![ti[s]!];
      if (typeof next !== 'string') continue;
      const c = callString(next, where('draws', s, ti[s]!));
      // The call names its source seat; it takes this discard only if that is the discarder.
      if ((s + relFrom(c)) % 4 !== discarder || c.tiles[c.pos]!.kind !== b.lastDiscardKind()) continue;
      if (c.letter === 'c') candidates.push({ seat: s, call: c });
      else candidates.unshift({ seat: s, call: c }); // pon/kan before chi
    }
    let caller = -1;
    let call: CallString | null = null;
    if (candidates.length > 0) {
      forks.push({ discard: discardNo, options: candidates.length + 1 });
      const pick = candidates[choices.get(discardNo) ?? 0];
      if (pick) { caller = pick.seat; call = pick.call; }
    }
    const nextSeatDone = ti[(discarder + 1) % 4]! >= takes[(discarder + 1) % 4]!.length;
    if (caller < 0 && nextSeatDone) break; // ron, or the log ends
    if (riichiPending >= 0) { b.riichi(riichiPending, 2); riichiPending = -1; }
    if (caller >= 0 && call) {
      const cw = where('draws', caller, ti[caller]!);
      ti[caller]!++;
      const called = call.tiles[call.pos]!;
      const consumed = call.tiles.filter((_, i) => i !== call!.pos);
      const type = call.letter === 'c' ? 'chi' : call.letter === 'p' ? 'pon' : 'daiminkan';
      b.call(type, caller, discarder, called, consumed, cw);
      seat = caller;
      if (type === 'daiminkan') {
        if (dahais[caller]![di[caller]!] === 0) di[caller]!++;
        pendingDora++;
        drawNext = true;
      } else drawNext = false;
      continue;
    }
    seat = (discarder + 1) % 4;
    drawNext = true;
  }
  // A reading other than the first must account for every entry (the first one is taken as it reads).
  if (choices.size > 0) {
    for (let s = 0; s < 4; s++) {
      if (ti[s]! < takes[s]!.length) fail(where('draws', s, ti[s]!), 'entry left over');
      if (di[s]! < dahais[s]!.length) fail(where('discards', s, di[s]!), 'entry left over');
    }
  }
  // Result.
  const res = kk[kk.length - 1];
  const deltas: (number[] | undefined)[] = [];
  const rw = `${at} result`;
  if (Array.isArray(res) && res.length > 0) {
    const head = res[0];
    if (head === '和了') {
      b.setUra(uras.map((n) => tile(n, `${at} ura`)), `${at} ura`);
      for (let i = 1; i + 1 < res.length; i += 2) {
        const d = res[i], info = res[i + 1];
        if (!Array.isArray(info) || !Number.isInteger(info[0]) || !Number.isInteger(info[1])) fail(rw, 'a win is [deltas, [who, from, pao, …]]');
        b.agari(info[0] as number, info[1] as number);
        deltas.push(Array.isArray(d) && d.length === 4 ? (d as number[]) : undefined);
      }
    } else if (typeof head === 'string' && head in T6_DRAWS) {
      // The fourth riichi's stick is paid before the abort.
      if (T6_DRAWS[head] === 'reach4' && riichiPending >= 0) b.riichi(riichiPending, 2);
      b.ryuukyoku(T6_DRAWS[head]!);
      deltas.push(Array.isArray(res[1]) && res[1].length === 4 ? (res[1] as number[]) : undefined);
    } else fail(rw, `unknown result ${JSON.stringify(head)}`);
  }
  return { round: b.round, deltas };
}

export function parseTenhou6(json: unknown) {
  const o = json as { title?: unknown; name?: unknown; rule?: unknown; log?: unknown; sc?: unknown; lobby?: unknown; csrule?: unknown };
  if (!o || typeof o !== 'object' || !Array.isArray(o.log)) fail('top level', 'expected {"title","name","rule","log":[…]}');
  const type = typeFromRule(o.rule);
  const names = Array.isArray(o.name) ? o.name.map((n) => String(n ?? '')) : [];
  const budget = { extraReadings: EXTRA_READINGS };
  const parsed = (o.log as unknown[]).map((k, i) => parseKyoku(k, i, !(type & 0x02), budget));
  let owari = null;
  if (Array.isArray(o.sc) && o.sc.length === 8 && o.sc.every((x) => typeof x === 'number')) {
    const sc = o.sc as number[];
    // Tenhou's JSON states final scores in points (sum 100,000); our exports before it did, in
    // hundreds as the XML's owari (sum 1,000): a sum that small can only be hundreds.
    const unit = Math.abs(sc[0]! + sc[2]! + sc[4]! + sc[6]!) <= 10000 ? 100 : 1;
    owari = { scores: [0, 2, 4, 6].map((i) => Math.round(sc[i]! * unit)), points: [1, 3, 5, 7].map((i) => sc[i]!) };
  }
  // A custom lobby as our exporter writes it (not a field of Tenhou's own JSON).
  const lobby = typeof o.lobby === 'number' && Number.isSafeInteger(o.lobby) && o.lobby > 0 ? o.lobby : 0;
  const csrule = lobby && typeof o.csrule === 'string' ? o.csrule : undefined;
  return completeWithEngine(FORMAT, { type, names, seed: seedOfTitle(o.title), lobby, csrule, rounds: parsed.map((p) => p.round), resultDeltas: parsed.map((p) => p.deltas), owari });
}

