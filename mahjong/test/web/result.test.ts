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
  children: (FakeElement | string)[] = [];
  constructor(readonly tag: string) {}
  setAttribute() {}
  append(c: FakeElement | string) { this.children.push(c); }
  get textContent(): string { return this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join(''); }
}
const saved = (globalThis as any).document;
beforeAll(() => { (globalThis as any).document = { createElement: (tag: string) => new FakeElement(tag) }; });
afterAll(() => { (globalThis as any).document = saved; });

const state = { players: [0, 1, 2, 3].map((seat) => ({ seat, wind: 'ESWN'[seat] })) };

describe('hand result dialog', () => {
  it('marks the viewer\'s own seat as "you" in results and standings', async () => {
    const { MJ } = await load('tiles.js', 'i18n.js', 'common.js');
    const seen = { ...state, viewer: 0 };
    expect(MJ.seatLabel(seen, 0)).toBe('P0 (East, you)');
    expect(MJ.seatLabel(seen, 2)).toBe('P2 (West)');
    expect(MJ.seatLabel({ ...state, viewer: null }, 0)).toBe('P0 (East)');
    const rows = MJ.finalNodes({ ...seen, game: { owari: { scores: [30000, 25000, 25000, 20000], points: [20, 0, -5, -15] } } })[0].textContent;
    expect(rows).toContain('P0 (East, you)');
  });

  it('says who was tenpai at an exhaustive draw', async () => {
    const { MJ } = await load('tiles.js', 'i18n.js', 'common.js');
    const text = (r: object) => MJ.resultNodes(r, state).map((n: FakeElement) => n.textContent).join('\n');
    expect(text({ type: 'ryuukyoku', kind: 'exhaustive', kind_name: 'exhaustive draw', tenpai: [1, 3], wins: [], deltas: [-1500, 1500, -1500, 1500] }))
      .toContain('Tenpai: P1 (South), P3 (North)');
    expect(text({ type: 'ryuukyoku', kind: 'exhaustive', kind_name: 'exhaustive draw', tenpai: [], wins: [], deltas: [0, 0, 0, 0] }))
      .toContain('Nobody tenpai');
    expect(text({ type: 'ryuukyoku', kind: 'yao9', kind_name: 'nine terminals', wins: [], deltas: [0, 0, 0, 0] })).not.toContain('enpai');
  });
});
