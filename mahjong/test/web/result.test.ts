import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';

async function load(...files: string[]): Promise<any> {
  const win: any = {};
  for (const f of files) new Function('window', await Bun.file(join(import.meta.dir, '../../src/web/js', f)).text())(win);
  return win;
}

/** Just enough of `document` for `MJ.el`: elements that keep their children and text. */
class FakeElement {
  nodeType = 1;
  className = '';
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  /** A canvas's context that draws nothing. */
  getContext() { return new Proxy({}, { get: (_, k) => (k === 'measureText' ? () => ({ width: 10 }) : () => {}) }); }
  children: (FakeElement | string)[] = [];
  constructor(readonly tag: string) {}
  setAttribute() {}
  append(c: FakeElement | string) { this.children.push(c); }
  get textContent(): string { return this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join(''); }
}
const saved = (globalThis as any).document;
beforeAll(() => { (globalThis as any).document = { createElement: (tag: string) => new FakeElement(tag) }; });
afterAll(() => { (globalThis as any).document = saved; });

const state = { players: [0, 1, 2, 3].map((seat) => ({ seat, wind: 'ESWN'[seat], melds: [] })) };
const scores = { scores_before: [25000, 25000, 25000, 25000], scores_after: [23500, 26500, 23500, 26500], honba: 0, kyotaku: 0, renchan: false, events: [] };
const loadPage = () => load('tiles.js', 'i18n.js', 'centre.js', 'table-layout.js', 'table-pieces.js', 'table.js', 'common.js', 'result.js');

describe('hand result dialog', () => {
  it('marks the viewer\'s own seat as "you" in results and standings', async () => {
    const { MJ } = await loadPage();
    const seen = { ...state, viewer: 0 };
    expect(MJ.seatLabel(seen, 0)).toBe('P0 (East, you)');
    expect(MJ.seatLabel(seen, 2)).toBe('P2 (West)');
    expect(MJ.seatLabel({ ...state, viewer: null }, 0)).toBe('P0 (East)');
    const rows = MJ.finalNodes({ ...seen, game: { owari: { scores: [30000, 25000, 25000, 20000], points: [20, 0, -5, -15] } } })[0].textContent;
    expect(rows).toContain('P0 (East, you)');
  });

  it('says who was tenpai at an exhaustive draw', async () => {
    const { MJ } = await loadPage();
    const text = (r: object) => MJ.resultNodes({ ...scores, ...r }, state).map((n: FakeElement) => n.textContent).join('\n');
    const shown = text({ type: 'ryuukyoku', kind: 'exhaustive', kind_name: 'exhaustive draw', tenpai: [1, 3], hands: [null, [1, 2, 3], null, [4, 5, 6]], wins: [], deltas: [-1500, 1500, -1500, 1500] });
    expect(shown).toContain('Tenpai: P1 (South), P3 (North)');
    expect(shown).toContain('P0 (East)25000-150023500'); // before, change, after
    expect(text({ type: 'ryuukyoku', kind: 'exhaustive', kind_name: 'exhaustive draw', tenpai: [], hands: [null, null, null, null], wins: [], deltas: [0, 0, 0, 0] }))
      .toContain('Nobody tenpai');
    expect(text({ type: 'ryuukyoku', kind: 'yao9', kind_name: 'nine terminals', hands: [[1], null, null, null], wins: [], deltas: [0, 0, 0, 0] })).not.toContain('enpai');
  });

  it('spells out the payment: ron, a non-dealer tsumo as 2000/3900, a dealer tsumo "all", honba and sticks apart', async () => {
    const { MJ } = await loadPage();
    const pay = (p: object) => MJ.paymentText({ honba: 0, sticks: 0, pao: null, ...p }, state);
    expect(pay({ kind: 'ron', ron: 8000, received: 8000 })).toBe('Ron 8000');
    expect(pay({ kind: 'tsumo', dealer: 3900, non_dealer: 2000, honba: 300, sticks: 2000, received: 10200 })).toBe('Tsumo 2000/3900 +300 honba +2000 riichi sticks = 10200');
    expect(pay({ kind: 'tsumo_dealer', all: 3900, received: 11700 })).toBe('Tsumo 3900 all');
    expect(pay({ kind: 'ron', ron: 16000, received: 16000, pao: 2 })).toBe('Ron 16000 (Pao: P2 (West) pays)');
  });

  it('names yaku, limits and draws in Japanese and Chinese when chosen', async () => {
    const win = await loadPage();
    const { MJ, MJI18n } = win;
    const result = {
      ...scores, type: 'agari', deltas: [0, 8000, 0, -8000], wins: [{
        who: 1, from_who: 3, tsumo: false, dealer: false, han: 5, fu: 30, points: 8000, limit: 1, limit_name: 'mangan', yakuman: false,
        yaku: [{ id: 1, name: 'Riichi', han: 1 }, { id: 7, name: 'Pinfu', han: 1 }, { id: 52, name: 'Dora', han: 3 }],
        hand: [0, 4, 8], machi: 8, melds: [], dora: [5], ura: [9], honba: 0, kyotaku: 0, deltas: [0, 8000, 0, -8000],
        payment: { kind: 'ron', ron: 8000, honba: 0, sticks: 0, received: 8000, pao: null },
      }],
    };
    const text = () => MJ.resultNodes(result, state).map((n: FakeElement) => n.textContent).join('\n');
    expect(text()).toContain('Riichi — 1 han');
    expect(text()).toContain('5 han 30 fu · 8000 points (mangan)');
    expect(text()).toContain('Ron 8000');
    MJI18n.setLang('ja');
    expect(text()).toContain('立直 1飜');
    expect(text()).toContain('(満貫)');
    expect(text()).toContain('ロン 8000');
    expect(text()).toContain('裏ドラ');
    MJI18n.setLang('zh');
    expect(text()).toContain('平和 1番');
    expect(text()).toContain('(满贯)');
    expect(text()).toContain('荣和 8000');
    MJI18n.setLang('en');
  });
});
