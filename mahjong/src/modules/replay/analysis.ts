/**
 * The replay that teaches: for every replay step and every seat, the seat's shanten, its ukeire
 * (the draws that lower shanten, with the copies it cannot see) and its waits; at each decision
 * on its turn, every legal discard with the shanten and ukeire it leaves, the discard the built-in
 * `strong` AI would choose and what the player did. Computed while the engine replays the log
 * (the same pass as the steps, `buildSteps` with an annotator), from the engine's own table, its
 * shanten/ukeire (`engine/ukeire.ts`) and the AI's `decide(view)` on the seat's own view.
 */
import { StrongAgent } from '../../engine/ai';
import { seenKinds } from '../../engine/ai/visible';
import { stateView, type ViewedGame } from '../../engine/game/view';
import type { StateView } from '../../engine/game/view-schema';
import type { AgariEvent, Paipu, Player, RoundEvent, RyuukyokuEvent } from '../../engine/paipu';
import { shanten } from '../../engine/shanten';
import { A, discardIndex } from '../../engine/table/actions';
import type { Kyoku } from '../../engine/table/kyoku';
import { furitenOn, type PlayerState } from '../../engine/table/player';
import { waitsOf } from '../../engine/table/win';
import { ukeire } from '../../engine/ukeire';
import { roundLabel } from '../../engine/game/game';
import type { Acceptance, AnalysisResponse, Candidate, Choice, Decision, HandPanel, PlayerInfo, SeatPosition, StepAnalysis, WinPanel } from './analysis-model';
import { winView } from '../../engine/game/hand-result';
import { RYUUKYOKU_TEXT } from '../../engine/game/result-text';
import { buildSteps } from './steps';

const KYU_JA = ['９', '８', '７', '６', '５', '４', '３', '２', '１'];
const DAN_JA = ['初', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Tenhou's rank index (UN `dan`) in English and as Tenhou writes it. */
export function danName(dan: number): { en: string; ja: string } {
  if (dan <= 0) return { en: 'novice', ja: '新人' };
  if (dan <= 9) return { en: `${10 - dan} kyu`, ja: `${KYU_JA[dan - 1]}級` };
  if (dan <= 19) return { en: `${dan - 9} dan`, ja: `${DAN_JA[dan - 10]}段` };
  return { en: 'tenhou', ja: '天鳳' };
}

export function playerInfo(players: readonly Player[]): PlayerInfo[] {
  return [0, 1, 2, 3].map((seat) => {
    const p = players[seat] ?? { name: '', dan: 0, rate: 0, sex: '' };
    const rank = danName(p.dan);
    return { seat, name: p.name, dan: p.dan, dan_name: rank.en, dan_name_ja: rank.ja, rate: p.rate, sex: p.sex };
  });
}

const HONOR_TEXT = ['East', 'South', 'West', 'North', 'White dragon', 'Green dragon', 'Red dragon'];
/** A kind in words: "5m", "East", "Red dragon"; discard indices 34–36 are "red 5m/5p/5s". */
export function discardText(index: number): string {
  if (index >= 34) return `red 5${'mps'[index - 34]}`;
  if (index >= 27) return HONOR_TEXT[index - 27]!;
  return `${(index % 9) + 1}${'mps'[Math.floor(index / 9)]}`;
}
const kindOfDiscard = (index: number): number => (index >= 34 ? [4, 13, 22][index - 34]! : index);

/** Kinds every seat can see: uncalled discards, melds, dora indicators (as `seenKinds` of a view). */
function publicKinds(k: Kyoku, dealt: boolean): number[] {
  const seen = new Array<number>(34).fill(0);
  if (!dealt) {
    for (const p of k.players) {
      for (const r of p.river) if (!r.called) seen[r.tile >> 2]! += 1;
      for (const m of p.melds) for (const id of m.tiles) seen[id >> 2]! += 1;
    }
  }
  for (const d of dealt ? k.doraIndicators.slice(0, 1) : k.doraIndicators) seen[d >> 2]! += 1;
  return seen;
}

/**
 * Which draws lower the shanten of a 3n+1 hand depends on the hand alone; how many copies are
 * left depends on what its seat sees. The first is the engine's `ukeire` (cached by hand: a hand
 * stays the same over many steps while the rivers grow), the second is counted per step.
 */
export class AcceptanceCache {
  private readonly byHand = new Map<string, { shanten: number; kinds: number[] }>();
  useful(counts: number[], meldCount: number): { shanten: number; kinds: number[] } {
    const key = counts.join('') + meldCount;
    let hit = this.byHand.get(key);
    if (!hit) {
      const u = ukeire(counts, meldCount);
      hit = { shanten: u.shanten, kinds: u.tiles.map((x) => x.kind) };
      this.byHand.set(key, hit);
    }
    return hit;
  }
}

/** `kinds` with the copies left: 4 − held (`held`, the seat's concealed counts) − seen elsewhere. */
function leftOf(kinds: number[], held: readonly number[], seen: readonly number[]): Acceptance {
  const left = kinds.map((k) => Math.max(0, 4 - held[k]! - seen[k]!));
  return { kinds, left, total: left.reduce((a, b) => a + b, 0) };
}

const countsOf = (hand: readonly number[]): number[] => {
  const counts = new Array<number>(34).fill(0);
  for (const id of hand) counts[id >> 2]! += 1;
  return counts;
};

/** A hand's shanten, ukeire and waits as its seat sees the table (`seen`: what every seat sees). */
export function positionOf(seat: number, hand: readonly number[], meldCount: number, seen: readonly number[], furitenKinds?: (kind: number) => boolean, cache = new AcceptanceCache()): SeatPosition {
  const counts = countsOf(hand);
  if (hand.length % 3 !== 1) return { seat, concealed: hand.length, shanten: shanten(counts, meldCount), ukeire: null, waits: null, furiten: false };
  const u = cache.useful(counts, meldCount);
  const acc = leftOf(u.kinds, counts, seen);
  const waits = u.shanten === 0 ? acc : null;
  const furiten = !!waits && !!furitenKinds && waits.kinds.some(furitenKinds);
  return { seat, concealed: hand.length, shanten: u.shanten, ukeire: acc, waits, furiten };
}

/**
 * Every legal discard of a seat on its turn (one per kind; a red five and a plain one are the same
 * kind), with the shanten and ukeire it leaves, best first. The discarded tile counts as seen.
 */
export function candidatesOf(hand: readonly number[], meldCount: number, seen: readonly number[], actions: readonly number[], cache = new AcceptanceCache()): Candidate[] {
  const counts = countsOf(hand);
  const byKind = new Map<number, number>();
  for (const a of actions) {
    if (a >= 37) continue;
    const kind = kindOfDiscard(a);
    if (!byKind.has(kind) || a < 34) byKind.set(kind, a);
  }
  const out: Candidate[] = [];
  for (const [kind, discard] of byKind) {
    counts[kind]! -= 1;
    const u = cache.useful(counts, meldCount);
    counts[kind]! += 1;
    out.push({ discard, kind, shanten: u.shanten, ukeire: leftOf(u.kinds, counts, seen), ai_choice: false, played: false });
  }
  return out.sort((a, b) => a.shanten - b.shanten || b.ukeire.total - a.ukeire.total || a.kind - b.kind);
}

/** The engine's table as a game the state view can be built from (a hand of a logged game). */
export function viewedGame(k: Kyoku, paipu: Paipu, kyokuIndex: number): ViewedGame {
  return {
    kyoku: k, scores: k.init.scores, round: k.init.round, handIndex: kyokuIndex, eastSouth: paipu.rules.eastSouth,
    log: [], owari: null, isOver: () => false, actor: () => k.actor(), validActions: (p) => k.validActions(p),
    waits: (s) => waitsOf(k.players[s]!), riichiDiscards: () => k.options().riichiDiscards,
  };
}

function choiceText(c: Omit<Choice, 'text'>): string {
  if (c.discard !== null) return `${c.riichi ? 'riichi, ' : ''}discard ${discardText(c.discard)}${c.tsumogiri ? ' (drawn tile)' : ''}`;
  return { [A.TSUMO]: 'tsumo', [A.KYUUSHU]: 'nine terminals (abort)', [A.ANKAN]: 'closed kan', [A.KAKAN]: 'added kan' }[c.action] ?? `action ${c.action}`;
}

function choice(action: number, discard: number | null, riichi: boolean, tsumogiri: boolean, kanKind?: number): Choice {
  const c = { action, discard, riichi, tsumogiri };
  const text = choiceText(c) + (kanKind !== undefined ? ` ${discardText(kanKind)}` : '');
  return { ...c, text };
}

/** The strong AI's move on the seat's own view; a riichi-able discard asks it riichi or dama too. */
function aiChoice(agent: StrongAgent, view: StateView, drawn: number | null): Choice {
  const action = agent.decide(view);
  if (action >= 37) {
    const kind = action === A.ANKAN || action === A.KAKAN ? kanKindOf(view, action) : undefined;
    return choice(action, null, false, false, kind);
  }
  let riichi = false;
  if (view.riichi_tiles.includes(action)) {
    // The view the engine shows at riichi step 2 (hand unchanged, the tile pending, confirm or cancel).
    const mask = new Array<boolean>(54).fill(false);
    mask[A.RIICHI] = true;
    mask[A.RIICHI_CANCEL] = true;
    const stage2: StateView = { ...view, riichi_stage2: true, riichi_tile: action, valid_actions: [A.RIICHI, A.RIICHI_CANCEL], valid_actions_mask: mask };
    riichi = agent.decide(stage2) === A.RIICHI;
  }
  return choice(action, action, riichi, drawn !== null && discardIndex(drawn) === action);
}

/** The kind the engine's ankan/kakan takes when several are possible: the lowest (README, Actions). */
function kanKindOf(view: StateView, action: number): number | undefined {
  const me = view.players[view.viewer!]!;
  const hand = Array.isArray(me.hand) ? me.hand : [];
  const counts = new Array<number>(34).fill(0);
  for (const id of hand) counts[id >> 2]! += 1;
  if (action === A.ANKAN) { const k = counts.indexOf(4); return k >= 0 ? k : undefined; }
  const pons = me.melds.filter((m) => m.type === 'pon' && counts[m.tiles[0]! >> 2]! > 0).map((m) => m.tiles[0]! >> 2);
  return pons.length ? Math.min(...pons) : undefined;
}

/** What the seat did on its turn, from the engine's record after event `from`. */
function playedChoice(events: readonly RoundEvent[], from: number, seat: number): Choice | null {
  let riichi = false;
  for (let i = from + 1; i < events.length; i++) {
    const e = events[i]!;
    if (e.t === 'riichi' && e.who === seat && e.step === 1) { riichi = true; continue; }
    if (e.t === 'discard' && e.who === seat) {
      const d = discardIndex(e.tile);
      return choice(d, d, riichi, e.tsumogiri);
    }
    if (e.t === 'call' && e.who === seat && (e.meld.type === 'ankan' || e.meld.type === 'kakan')) {
      return choice(e.meld.type === 'ankan' ? A.ANKAN : A.KAKAN, null, false, false, e.meld.tiles[0]! >> 2);
    }
    if (e.t === 'agari' && e.who === seat && e.fromWho === seat) return choice(A.TSUMO, null, false, false);
    if (e.t === 'ryuukyoku' && e.kind === 'yao9') return choice(A.KYUUSHU, null, false, false);
    if (e.t !== 'dora') return null;
  }
  return null;
}

function winPanel(e: AgariEvent): WinPanel {
  return {
    ...winView(e), tsumo: e.who === e.fromWho, pao_who: e.paoWho, hand: e.hand.slice().sort((a, b) => a - b),
    melds: e.melds.map((m) => ({ ...m, tiles: m.tiles.slice() })), dora: e.doraIndicators.slice(), ura: e.uraIndicators.slice(),
  };
}

function handPanel(k: Kyoku, kyokuIndex: number, first: number, last: number, truncated: boolean): HandPanel {
  const res = truncated ? null : k.result;
  const wins = (res?.events ?? []).filter((e): e is AgariEvent => e.t === 'agari').map(winPanel);
  const draw = (res?.events ?? []).find((e): e is RyuukyokuEvent => e.t === 'ryuukyoku') ?? null;
  const deltas = res ? res.deltas.slice() : [0, 0, 0, 0];
  const after = k.scores.slice();
  const shows = draw && (draw.kind === 'exhaustive' || draw.kind === 'nm');
  return {
    kyoku_index: kyokuIndex, round_label: roundLabel(k.init.round, k.init.honba), first_step: first, last_step: last,
    type: res ? res.kind : 'unfinished', kind: draw ? draw.kind : null, kind_name: draw ? (RYUUKYOKU_TEXT[draw.kind] ?? draw.kind) : null,
    dora: k.doraIndicators.slice(), ura: wins.find((w) => w.ura.length > 0)?.ura ?? [],
    wins, tenpai: shows ? draw.hands.flatMap((h, s) => (h ? [s] : [])) : [],
    shown_hands: draw ? draw.hands.map((h) => (h ? h.slice().sort((a, b) => a - b) : null)) : [null, null, null, null],
    scores_before: after.map((s, i) => s - deltas[i]!), deltas, scores_after: after,
  };
}

interface PendingDecision { decision: Decision; kyoku: number; event: number }

/** Replays the paipu through the engine once, building the steps and their analysis side by side. */
export function analyseGame(paipu: Paipu, agent = new StrongAgent()): AnalysisResponse {
  const started = performance.now();
  const positions: SeatPosition[] = [];
  const cache = new AcceptanceCache();
  const pending: PendingDecision[] = [];
  const hands: HandPanel[] = [];
  // Per seat: the key of its last position (hand, what it sees, furiten) and that position's index.
  const lastKey: string[] = ['', '', '', ''];
  const lastIndex = [0, 0, 0, 0];

  const furitenOf = (p: PlayerState) => (kind: number) => furitenOn(p, kind);

  const { steps, notes } = buildSteps<{ seats: number[]; decision: number | null }>(paipu, {
    step(k, e, { dealt, kyokuIndex, step }) {
      const seen = publicKinds(k, dealt);
      const seenKey = seen.join('');
      const seats = [0, 1, 2, 3].map((seat) => {
        const p = k.players[seat]!;
        const hand = dealt ? k.dealt[seat]! : p.hand;
        const furiten = !dealt && hand.length % 3 === 1 && waitsOf(p).some(furitenOf(p));
        const key = `${hand.join(',')}|${p.melds.length}|${seenKey}|${furiten ? 1 : 0}`;
        if (key !== lastKey[seat]) {
          lastKey[seat] = key;
          lastIndex[seat] = positions.length;
          positions.push(positionOf(seat, hand, dealt ? 0 : p.melds.length, seen, dealt ? undefined : furitenOf(p), cache));
        }
        return lastIndex[seat]!;
      });
      let decision: number | null = null;
      // The seat to act on its turn: after its draw, or after its chi or pon (not a daiminkan,
      // whose replacement draw comes next).
      const onTurn = e !== null && k.phase < 4
        && ((e.t === 'draw' && e.who === k.phase) || (e.t === 'call' && e.who === k.phase && (e.meld.type === 'chi' || e.meld.type === 'pon')));
      if (onTurn) {
        const seat = k.phase;
        const p = k.players[seat]!;
        const view = stateView(viewedGame(k, paipu, kyokuIndex), seat, { shallow: true });
        const ai = aiChoice(agent, view, k.drawn);
        const candidates = candidatesOf(p.hand, p.melds.length, seenKinds(view), view.valid_actions, cache);
        for (const c of candidates) c.ai_choice = ai.discard !== null && kindOfDiscard(ai.discard) === c.kind;
        const counts = countsOf(p.hand);
        decision = pending.length;
        pending.push({
          kyoku: kyokuIndex, event: k.events.length - 1,
          decision: { seat, step, shanten: shanten(counts, p.melds.length), candidates, ai, played: null, agrees: null },
        });
      }
      return { seats, decision };
    },
    after(k, { kyokuIndex, first, end, truncated }) {
      // Steps past a cut log's last event were dropped: so are their decisions.
      while (pending.length > 0 && pending.at(-1)!.kyoku === kyokuIndex && pending.at(-1)!.decision.step >= end) pending.pop();
      for (const d of pending) {
        if (d.kyoku !== kyokuIndex) continue;
        const played = playedChoice(k.events, d.event, d.decision.seat);
        d.decision.played = played;
        d.decision.agrees = played ? played.action === d.decision.ai.action && played.riichi === d.decision.ai.riichi : null;
        for (const c of d.decision.candidates) c.played = played?.discard != null && kindOfDiscard(played.discard) === c.kind;
      }
      hands.push(handPanel(k, kyokuIndex, first, Math.max(first, end - 1), truncated));
    },
  });
  const stepAnalysis: StepAnalysis[] = notes.map((n, i) => ({ step: i, seats: n.seats, decision: n.decision }));
  return {
    ai: agent.name, players: playerInfo(paipu.players), total: steps.length, steps: stepAnalysis, positions,
    decisions: pending.map((d) => d.decision), hands, elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
