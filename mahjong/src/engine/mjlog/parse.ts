/**
 * Tenhou mjlog XML → Paipu. Tag meanings: mahjong/test/fixtures/data/mjlog/FORMAT.md.
 * Truncated logs parse (with `truncated` set); malformed ones throw InvalidMjlog with a position.
 */
import type { Paipu, Round, RoundEvent, RyuukyokuKind } from '../paipu/types';
import { InvalidMjlog } from './errors';
import { int, ints, meldOf, parseAgari, parseOwari, playersOf, scoresDeltas, seat, tilesOf } from './tags';
import { failAt, scanTags } from './xml';
import { ownValue } from '../own-key';

const DRAW = 'TUVW';
const DISCARD = 'DEFG';
const KINDS: Record<string, RyuukyokuKind> = {
  yao9: 'yao9', reach4: 'reach4', ron3: 'ron3', kan4: 'kan4', kaze4: 'kaze4', nm: 'nm',
};

export function parseMjlog(text: string): Paipu {
  const { root, tags } = scanTags(text);
  if (root !== 'mjloggm') throw new InvalidMjlog(`not an mjlog: root element is <${root}>, expected <mjloggm>`);
  const paipu: Paipu = {
    type: 0, seed: '', lobby: 0,
    rules: { redFives: true, openTanyao: true, eastSouth: true, sanma: false },
    players: [0, 1, 2, 3].map(() => ({ name: '', dan: 0, rate: 0, sex: '' })),
    oya: 0, rounds: [], owari: null, truncated: null,
  };
  let round: Round | null = null;
  let sawGo = false;
  const lastDraw = [-1, -1, -1, -1];
  for (const tag of tags) {
    const ctx = { text, tag };
    const a = tag.attrs;
    const name = tag.name;
    const c = name[0]!;
    if (/^[TUVWDEFG]\d+$/.test(name)) {
      if (!round) failAt(text, tag.offset, `<${name}> before any <INIT>`);
      const tile = Number(name.slice(1));
      if (tile > 135) failAt(text, tag.offset, `tile ${tile} out of range`);
      const drawSeat = DRAW.indexOf(c);
      if (drawSeat >= 0) {
        round.events.push({ t: 'draw', who: drawSeat, tile });
        lastDraw[drawSeat] = tile;
      } else {
        const who = DISCARD.indexOf(c);
        // Tenhou does not mark tsumogiri: the discard is the tile drawn last (REACH/DORA may sit between).
        const prev = round.events.findLast((e) => e.t !== 'riichi' && e.t !== 'dora' && e.t !== 'bye' && e.t !== 'reconnect');
        const tsumogiri = prev?.t === 'draw' && prev.who === who && prev.tile === tile;
        round.events.push({ t: 'discard', who, tile, tsumogiri });
      }
      continue;
    }
    switch (name) {
      case 'SHUFFLE': paipu.seed = a.seed ?? ''; break;
      case 'GO': {
        sawGo = true;
        paipu.type = int(ctx, 'type', 0);
        paipu.lobby = int(ctx, 'lobby', 0);
        if (a.csrule !== undefined) paipu.csrule = a.csrule;
        const ty = paipu.type;
        if (ty & 0x10) failAt(text, tag.offset, 'three-player (sanma) logs are not supported: GO type has bit 0x10');
        paipu.rules = { redFives: !(ty & 0x02), openTanyao: !(ty & 0x04), eastSouth: !!(ty & 0x08), sanma: false };
        break;
      }
      case 'UN': {
        const present = [0, 1, 2, 3].filter((i) => a[`n${i}`] !== undefined);
        if (round && present.length === 1) round.events.push({ t: 'reconnect', who: present[0]! });
        else playersOf(ctx, paipu.players);
        break;
      }
      case 'TAIKYOKU': paipu.oya = a.oya === undefined ? 0 : seat(ctx, 'oya'); break;
      case 'INIT': {
        const s = ints(ctx, 'seed', { required: true, count: 6 });
        const hands = [0, 1, 2, 3].map((i) => tilesOf(ctx, `hai${i}`));
        if (a.hai3 === undefined) failAt(text, tag.offset, 'three-player (sanma) logs are not supported: INIT has no hai3');
        if (hands.some((h) => h.length !== 13)) failAt(text, tag.offset, '<INIT> hands must hold 13 tiles each');
        round = {
          round: s[0]!, honba: s[1]!, kyotaku: s[2]!, dice: [s[3]!, s[4]!], doraIndicator: s[5]!,
          oya: seat(ctx, 'oya'), scores: ints(ctx, 'ten', { required: true, count: 4 }).slice(0, 4).map((x) => x * 100),
          hands, events: [],
        };
        if (s[5]! > 135) failAt(text, tag.offset, 'dora indicator out of range');
        paipu.rounds.push(round);
        lastDraw.fill(-1);
        break;
      }
      case 'N': {
        if (!round) failAt(text, tag.offset, '<N> before any <INIT>');
        const who = seat(ctx, 'who');
        round.events.push({ t: 'call', who, meld: meldOf(ctx, who, int(ctx, 'm')) });
        break;
      }
      case 'REACH': {
        if (!round) failAt(text, tag.offset, '<REACH> before any <INIT>');
        const step = int(ctx, 'step', 1);
        if (step !== 1 && step !== 2) failAt(text, tag.offset, `REACH step ${step}`);
        round.events.push({ t: 'riichi', who: seat(ctx, 'who'), step });
        break;
      }
      case 'DORA': {
        if (!round) failAt(text, tag.offset, '<DORA> before any <INIT>');
        round.events.push({ t: 'dora', tile: tilesOf(ctx, 'hai')[0] ?? failAt(text, tag.offset, '<DORA> lacks hai') });
        break;
      }
      case 'AGARI': {
        if (!round) failAt(text, tag.offset, '<AGARI> before any <INIT>');
        round.events.push(parseAgari(ctx));
        paipu.owari = parseOwari(ctx) ?? paipu.owari;
        break;
      }
      case 'RYUUKYOKU': {
        if (!round) failAt(text, tag.offset, '<RYUUKYOKU> before any <INIT>');
        const [honba = 0, kyotaku = 0] = ints(ctx, 'ba');
        const type = a.type;
        const kind: RyuukyokuKind = type === undefined ? 'exhaustive' : (ownValue(KINDS, type) ?? failAt(text, tag.offset, `unknown RYUUKYOKU type "${type}"`));
        const hands = [0, 1, 2, 3].map((i) => (a[`hai${i}`] === undefined ? null : tilesOf(ctx, `hai${i}`)));
        round.events.push({ t: 'ryuukyoku', kind, honba, kyotaku, ...scoresDeltas(ctx), hands });
        paipu.owari = parseOwari(ctx) ?? paipu.owari;
        break;
      }
      case 'BYE': if (round) round.events.push({ t: 'bye', who: seat(ctx, 'who') }); break;
      default: break; // unknown tags of newer log versions carry nothing we replay
    }
  }
  if (!sawGo && paipu.rounds.length === 0) throw new InvalidMjlog('not an mjlog: no <GO> and no <INIT> tag');
  paipu.truncated = truncation(paipu);
  return paipu;
}

const isResult = (e: RoundEvent | undefined) => e?.t === 'agari' || e?.t === 'ryuukyoku';

export function truncation(p: Paipu): Paipu['truncated'] {
  const last = p.rounds.at(-1);
  if (!last) return 'no-rounds';
  if (!isResult(last.events.filter((e) => e.t !== 'bye' && e.t !== 'reconnect').at(-1))) return 'mid-round';
  return p.owari ? null : 'no-game-end';
}
