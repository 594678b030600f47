/**
 * Builds one hand's record (a paipu Round) from a format that names tiles by kind: gives every
 * tile an id, keeps each seat's concealed tiles, and refuses what the engine would refuse to
 * replay — a discard or call of a tile not in the hand, a fifth copy, a call of a tile that was
 * not the last discard, a meld that is not a meld. Results are placeholders (who won from whom,
 * the kind of draw) that `completeWithEngine` replaces with the engine's own records.
 */
import { encodeMeld } from '../engine/mjlog/meld-code';
import type { AgariEvent, Meld, Round, RoundEvent, RyuukyokuKind } from '../engine/paipu/types';
import { InvalidLog, type LogFormat } from './errors';
import { mjaiOfKind } from './mjai/tiles';
import { TileIds, type TileRef } from './tile-ids';
import { isRed } from '../engine/tiles';

export interface RoundStart {
  round: number; honba: number; kyotaku: number; oya: number; scores: number[];
  dora: TileRef; hands: TileRef[][];
}

const name = (t: TileRef) => mjaiOfKind(t.kind, t.red);
const matches = (id: number, t: TileRef) => id >> 2 === t.kind && isRed(id) === t.red;

export class RoundBuilder {
  readonly round: Round;
  private readonly ids: TileIds;
  private readonly hands: number[][];
  private readonly melds: Meld[][] = [[], [], [], []];
  private lastDraw: (number | null)[] = [null, null, null, null];
  private lastDiscard: { seat: number; id: number } | null = null;
  private readonly ura: number[] = [];
  private readonly doras: number[];
  /** Live-wall tiles left (70 after the deal, less each draw that is not a kan replacement and each kan). */
  private left = 70;
  private afterKan = false;

  constructor(private readonly format: LogFormat, redFives: boolean, s: RoundStart, where: string) {
    this.ids = new TileIds(redFives);
    if (s.hands.length !== 4 || s.hands.some((h) => h.length !== 13)) this.fail(where, 'each of the four hands must hold 13 tiles');
    this.hands = s.hands.map((h) => h.map((t) => this.fresh(t, where)));
    const dora = this.fresh(s.dora, where);
    this.doras = [dora];
    this.round = {
      round: s.round, honba: s.honba, kyotaku: s.kyotaku, dice: [1, 1], oya: s.oya, scores: s.scores.slice(),
      doraIndicator: dora, hands: this.hands.map((h) => h.slice()), events: [],
    };
  }

  fail(where: string, message: string): never {
    throw new InvalidLog(this.format, where, message);
  }

  private fresh(t: TileRef, where: string): number {
    const id = this.ids.take(t);
    if (typeof id === 'string') this.fail(where, `${name(t)}: ${id}`);
    return id;
  }

  private push(e: RoundEvent): void { this.round.events.push(e); }

  /** An id of `t` in the seat's hand (preferring `prefer` when it matches), removed from the hand. */
  private takeFromHand(seat: number, t: TileRef, where: string, prefer?: number | null, avoid?: number | null): number {
    const h = this.hands[seat]!;
    let i = prefer != null && matches(prefer, t) ? h.indexOf(prefer) : -1;
    if (i < 0) i = h.findIndex((id) => matches(id, t) && id !== avoid);
    if (i < 0) i = h.findIndex((id) => matches(id, t));
    if (i < 0) this.fail(where, `seat ${seat} has no ${name(t)} in hand`);
    return h.splice(i, 1)[0]!;
  }

  draw(seat: number, t: TileRef, where: string): void {
    const id = this.fresh(t, where);
    if (!this.afterKan) this.left--;
    this.afterKan = false;
    this.hands[seat]!.push(id);
    this.lastDraw[seat] = id;
    this.push({ t: 'draw', who: seat, tile: id });
  }

  /** `tsumogiri`: true = the drawn tile, false = a tile from the hand, undefined = either. */
  discard(seat: number, t: TileRef, tsumogiri: boolean | undefined, where: string): void {
    const drawn = this.lastDraw[seat] ?? null;
    if (tsumogiri === true && (drawn === null || !matches(drawn, t))) this.fail(where, `seat ${seat} cuts ${name(t)} as the drawn tile, but drew ${drawn === null ? 'nothing' : mjaiOfKind(drawn >> 2, isRed(drawn))}`);
    const id = tsumogiri === true ? this.takeFromHand(seat, t, where, drawn) : this.takeFromHand(seat, t, where, null, drawn);
    this.lastDraw[seat] = null;
    this.lastDiscard = { seat, id };
    this.push({ t: 'discard', who: seat, tile: id, tsumogiri: id === drawn });
  }

  drawnTile(seat: number): TileRef | null {
    const id = this.lastDraw[seat];
    return id == null ? null : { kind: id >> 2, red: isRed(id) };
  }

  lastDiscardKind(): number { return this.lastDiscard ? this.lastDiscard.id >> 2 : -1; }

  riichi(seat: number, step: 1 | 2): void { this.push({ t: 'riichi', who: seat, step }); }

  /**
   * A new kan dora indicator. Tenhou shows an open or added kan's dora before the next discard;
   * mjai logs show it right after that discard: such a dora moves back before the discard (and
   * before its riichi declaration), where the engine turns it.
   */
  dora(t: TileRef, where: string): void {
    const id = this.fresh(t, where);
    this.doras.push(id);
    const ev = this.round.events;
    let at = ev.length;
    if (ev[at - 1]?.t === 'discard') {
      at--;
      const before = ev[at - 1];
      if (before?.t === 'riichi' && before.step === 1) at--;
    }
    ev.splice(at, 0, { t: 'dora', tile: id });
  }

  /** chi / pon / daiminkan of the last discard, using `consumed` from the caller's hand. */
  call(type: 'chi' | 'pon' | 'daiminkan', seat: number, from: number, called: TileRef, consumed: TileRef[], where: string): void {
    const last = this.lastDiscard;
    if (!last || last.seat !== from || !matches(last.id, called)) this.fail(where, `${type} of ${name(called)} from seat ${from}, which is not the last discard`);
    if (from === seat) this.fail(where, `${type} from the caller's own discard`);
    if (type === 'chi' && seat !== (from + 1) % 4) this.fail(where, `chi by seat ${seat} of a discard by seat ${from} (only the next seat may chi)`);
    const kinds = [called.kind, ...consumed.map((c) => c.kind)].sort((a, b) => a - b);
    const shapeOk = type === 'chi'
      ? kinds[0]! < 27 && Math.floor(kinds[0]! / 9) === Math.floor(kinds[2]! / 9) && kinds[1] === kinds[0]! + 1 && kinds[2] === kinds[0]! + 2
      : kinds.every((k) => k === called.kind) && kinds.length === (type === 'pon' ? 3 : 4);
    if (!shapeOk) this.fail(where, `${type} of ${[called, ...consumed].map(name).join(' ')} is not a ${type}`);
    const own = consumed.map((c) => this.takeFromHand(seat, c, where));
    this.lastDiscard = null;
    this.lastDraw[seat] = null;
    this.addMeld(seat, { type, tiles: [last.id, ...own], called: last.id, added: null, from });
  }

  kakan(seat: number, added: TileRef, where: string): void {
    const pon = this.melds[seat]!.find((m) => m.type === 'pon' && m.tiles[0]! >> 2 === added.kind);
    if (!pon) this.fail(where, `kakan of ${name(added)} by seat ${seat} without a pon of it`);
    const id = this.takeFromHand(seat, added, where, this.lastDraw[seat]);
    this.lastDraw[seat] = null;
    this.melds[seat] = this.melds[seat]!.filter((m) => m !== pon);
    this.addMeld(seat, { type: 'kakan', tiles: [...pon.tiles, id], called: pon.called, added: id, from: pon.from });
  }

  ankan(seat: number, tiles: TileRef[], where: string): void {
    if (tiles.length !== 4 || tiles.some((t) => t.kind !== tiles[0]!.kind)) this.fail(where, `ankan of ${tiles.map(name).join(' ')} is not four of a kind`);
    const ids = tiles.map((t) => this.takeFromHand(seat, t, where));
    this.lastDraw[seat] = null;
    this.addMeld(seat, { type: 'ankan', tiles: ids, called: null, added: null, from: seat });
  }

  /** Tiles left to draw from the live wall. */
  get tilesLeft(): number { return this.left; }

  private addMeld(seat: number, m: Omit<Meld, 'm'>): void {
    if (m.type === 'ankan' || m.type === 'kakan' || m.type === 'daiminkan') { this.left--; this.afterKan = true; }
    const tiles = [...m.tiles].sort((a, b) => a - b);
    const code = encodeMeld({ type: m.type, tiles, called: m.called, added: m.added, from: (m.from - seat + 4) % 4 });
    const meld: Meld = { ...m, tiles, m: code };
    this.melds[seat]!.push(meld);
    this.push({ t: 'call', who: seat, meld });
  }

  setUra(ura: TileRef[], where: string): void {
    if (this.ura.length > 0) return;
    for (const t of ura) this.ura.push(this.fresh(t, where));
  }

  /** A win placeholder: the engine scores it (completeWithEngine). */
  agari(who: number, fromWho: number): void {
    const e: AgariEvent = {
      t: 'agari', who, fromWho, paoWho: null, honba: 0, kyotaku: 0, hand: [], melds: [], machi: 0, fu: 0, points: 0, limit: 0,
      yaku: [], yakuman: [], doraIndicators: this.doras.slice(), uraIndicators: this.ura.slice(), scores: [0, 0, 0, 0], deltas: [0, 0, 0, 0],
    };
    this.push(e);
  }

  ryuukyoku(kind: RyuukyokuKind): void {
    this.push({ t: 'ryuukyoku', kind, honba: 0, kyotaku: 0, scores: [0, 0, 0, 0], deltas: [0, 0, 0, 0], hands: [null, null, null, null] });
  }
}
