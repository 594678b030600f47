/**
 * Paipu → Tenhou mjlog XML (`<mjloggm ver="2.3">`), readable by parseMjlog and Tenhou-log tools.
 * Scores are written in hundreds as Tenhou does; REACH step 2 carries the scores after the stick.
 */
import type { AgariEvent, Paipu, Round, RoundEvent, RyuukyokuEvent } from '../paipu/types';

const DRAW = 'TUVW';
const DISCARD = 'DEFG';
// Every draw and discard tag made once (a hanchan writes about 1,400 of them).
const DRAW_TAGS: string[][] = [0, 1, 2, 3].map((who) => Array.from({ length: 136 }, (_, t) => `<${DRAW[who]}${t}/>`));
const DISCARD_TAGS: string[][] = [0, 1, 2, 3].map((who) => Array.from({ length: 136 }, (_, t) => `<${DISCARD[who]}${t}/>`));

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hundreds = (xs: number[]): string => xs.map((x) => Math.round(x / 100)).join(',');
const sc = (scores: number[], deltas: number[]): string =>
  scores.map((s, i) => `${Math.round(s / 100)},${Math.round(deltas[i]! / 100)}`).join(',');

function owariAttr(p: Paipu): string {
  if (!p.owari) return '';
  const o = p.owari;
  return ` owari="${o.scores.map((s, i) => `${Math.round(s / 100)},${o.points[i]!.toFixed(1)}`).join(',')}"`;
}

function agari(e: AgariEvent, owari: string): string {
  const yaku = e.yaku.length > 0 ? ` yaku="${e.yaku.map((y) => `${y.id},${y.han}`).join(',')}"` : '';
  const yakuman = e.yakuman.length > 0 ? ` yakuman="${e.yakuman.join(',')}"` : '';
  const m = e.melds.length > 0 ? ` m="${e.melds.map((x) => x.m).join(',')}"` : '';
  const ura = e.uraIndicators.length > 0 ? ` doraHaiUra="${e.uraIndicators.join(',')}"` : '';
  const pao = e.paoWho === null ? '' : ` paoWho="${e.paoWho}"`;
  return `<AGARI ba="${e.honba},${e.kyotaku}" hai="${e.hand.join(',')}"${m} machi="${e.machi}" ten="${e.fu},${e.points},${e.limit}"${yaku}${yakuman} doraHai="${e.doraIndicators.join(',')}"${ura} who="${e.who}" fromWho="${e.fromWho}"${pao} sc="${sc(e.scores, e.deltas)}"${owari} />`;
}

function ryuukyoku(e: RyuukyokuEvent, owari: string): string {
  const type = e.kind === 'exhaustive' ? '' : ` type="${e.kind}"`;
  const hands = e.hands.map((h, i) => (h ? ` hai${i}="${h.join(',')}"` : '')).join('');
  return `<RYUUKYOKU${type} ba="${e.honba},${e.kyotaku}" sc="${sc(e.scores, e.deltas)}"${hands}${owari} />`;
}

function event(e: RoundEvent, scores: number[], owari: string, names: string[]): string {
  switch (e.t) {
    case 'draw': return DRAW_TAGS[e.who]![e.tile]!;
    case 'discard': return DISCARD_TAGS[e.who]![e.tile]!;
    case 'call': return `<N who="${e.who}" m="${e.meld.m}" />`;
    case 'riichi':
      if (e.step === 1) return `<REACH who="${e.who}" step="1"/>`;
      scores[e.who]! -= 1000;
      return `<REACH who="${e.who}" ten="${hundreds(scores)}" step="2"/>`;
    case 'dora': return `<DORA hai="${e.tile}" />`;
    case 'bye': return `<BYE who="${e.who}" />`;
    case 'reconnect': return `<UN n${e.who}="${esc(encodeURIComponent(names[e.who] ?? ''))}" />`;
    case 'agari': return agari(e, owari);
    case 'ryuukyoku': return ryuukyoku(e, owari);
  }
}

/** Tile ids as text (a starting hand is 13 of them, four hands a round). */
const TILE_TEXT: readonly string[] = Array.from({ length: 136 }, (_, t) => `${t}`);

function tileList(ids: readonly number[]): string {
  let s = '';
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const text = TILE_TEXT[id] ?? `${id}`;
    s = i === 0 ? text : `${s},${text}`;
  }
  return s;
}

function round(r: Round, isLast: boolean, p: Paipu, out: string[]): void {
  let hands = '';
  for (let i = 0; i < r.hands.length; i++) hands += ` hai${i}="${tileList(r.hands[i]!)}"`;
  out.push(`<INIT seed="${r.round},${r.honba},${r.kyotaku},${r.dice[0]},${r.dice[1]},${r.doraIndicator}" ten="${hundreds(r.scores)}" oya="${r.oya}"${hands}/>`);
  const scores = [...r.scores];
  const lastResult = r.events.findLastIndex((e) => e.t === 'agari' || e.t === 'ryuukyoku');
  const names = p.players.map((x) => x.name);
  const events = r.events;
  // Parts joined once at the end: cheaper than growing one string tag by tag.
  for (let i = 0; i < events.length; i++) out.push(event(events[i]!, scores, isLast && i === lastResult ? owariAttr(p) : '', names));
}

export function exportMjlog(p: Paipu): string {
  const pl = p.players;
  const un = pl.map((x, i) => ` n${i}="${esc(encodeURIComponent(x.name))}"`).join('');
  let out = `<mjloggm ver="2.3"><SHUFFLE seed="${esc(p.seed)}" ref=""/><GO type="${p.type}" lobby="${p.lobby}"${p.csrule === undefined ? '' : ` csrule="${esc(p.csrule)}"`}/>`;
  out += `<UN${un} dan="${pl.map((x) => x.dan).join(',')}" rate="${pl.map((x) => x.rate.toFixed(2)).join(',')}" sx="${pl.map((x) => x.sex).join(',')}"/>`;
  out += `<TAIKYOKU oya="${p.oya}"/>`;
  const parts = [out];
  p.rounds.forEach((r, i) => round(r, i === p.rounds.length - 1, p, parts));
  parts.push('</mjloggm>\n');
  return parts.join('');
}
