/**
 * A client for the original mjai server, written only from what that protocol documents (no code
 * of ours): TCP, one JSON object per line; `hello` → `join {name, room}`; every event answered
 * with one line (`{"type":"none"}` when it has nothing to do); on its own `tsumo` it wins, declares
 * riichi or discards; on another seat's `dahai` it wins or calls (pon/chi) when `possible_actions`
 * offers it; after its own `chi`/`pon`/`reach` it discards a tile not in `cannot_dahai`; it stops
 * after `end_game` or `error`.
 */
import { Socket } from 'node:net';

type Msg = Record<string, any> & { type: string };

export interface ClassicClientResult {
  id: number;
  /** Every message received, in order. */
  received: Msg[];
  error: string | null;
}

export interface ClassicClientOptions {
  /** Answer this event (by index among received events) with this line instead (to test errors). */
  sabotage?: (m: Msg, id: number) => string | null;
  /** Calls (pon/chi) when offered. */
  calls?: boolean;
}

/** `mjsonp://host:port/room` */
export function playClassic(url: string, name: string, opts: ClassicClientOptions = {}): Promise<ClassicClientResult> {
  const u = new URL(url.replace(/^mjsonp:/, 'http:'));
  const room = u.pathname.slice(1);
  const received: Msg[] = [];
  let id = -1;
  let hand: string[] = [];
  const riichi = new Set<number>();
  let error: string | null = null;
  return new Promise((resolve, reject) => {
    const sock = new Socket();
    let buf = '';
    const send = (m: unknown) => sock.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
    const remove = (t: string) => { const i = hand.indexOf(t); if (i >= 0) hand.splice(i, 1); };
    const discardNot = (forbidden: string[], drawn: string | null) => {
      if (drawn && !forbidden.includes(drawn)) return { type: 'dahai', actor: id, pai: drawn, tsumogiri: true };
      const pai = hand.find((t) => !forbidden.includes(t) && t !== drawn) ?? hand[0];
      return { type: 'dahai', actor: id, pai, tsumogiri: false };
    };
    let drawn: string | null = null;
    // The tile least connected to the rest of the hand (pairs, neighbours): a crude but real strategy.
    const worst = (): string => {
      const kind = (t: string) => t.replace('r', '');
      const near = (a: string, b: string) => {
        const [x, y] = [kind(a), kind(b)];
        if (x === y) return 4;
        if (x.length !== 2 || y.length !== 2 || x[1] !== y[1]) return 0;
        const d = Math.abs(Number(x[0]) - Number(y[0]));
        return d === 1 ? 2 : d === 2 ? 1 : 0;
      };
      let best = hand[0]!, score = Infinity;
      for (const [i, t] of hand.entries()) {
        const s = hand.reduce((n, u, j) => n + (i === j ? 0 : near(t, u)), 0);
        if (s < score) { score = s; best = t; }
      }
      return best;
    };
    const answer = (m: Msg): unknown => {
      const pa: Msg[] = m.possible_actions ?? [];
      switch (m.type) {
        case 'hello': return { type: 'join', name, room };
        case 'start_game': id = m.id; return { type: 'none' };
        case 'start_kyoku': hand = [...m.tehais[id]]; drawn = null; riichi.clear(); return { type: 'none' };
        case 'reach_accepted': riichi.add(m.actor); return { type: 'none' };
        case 'tsumo':
          if (m.actor !== id) return { type: 'none' };
          hand.push(m.pai);
          drawn = m.pai;
          if (!Array.isArray(m.possible_actions)) throw new Error('tsumo without possible_actions');
          for (const t of ['hora', 'reach']) { const a = pa.find((x) => x.type === t); if (a) return a; }
          if (riichi.has(id)) return { type: 'dahai', actor: id, pai: m.pai, tsumogiri: true };
          { const pai = worst(); return { type: 'dahai', actor: id, pai, tsumogiri: pai === m.pai }; }
        case 'reach': return m.actor === id ? discardNot(m.cannot_dahai ?? [], drawn) : { type: 'none' };
        case 'dahai':
          if (m.actor === id) { remove(m.pai); drawn = null; return { type: 'none' }; }
          if (!Array.isArray(m.possible_actions)) throw new Error('dahai without possible_actions');
          { const win = pa.find((x) => x.type === 'hora'); if (win) return win; }
          if (opts.calls) { const call = pa.find((x) => x.type === 'pon' || x.type === 'chi'); if (call) return call; }
          return { type: 'none' };
        case 'chi': case 'pon':
          if (m.actor !== id) return { type: 'none' };
          for (const t of m.consumed) remove(t);
          return discardNot(m.cannot_dahai ?? [], null);
        case 'daiminkan': case 'ankan':
          if (m.actor === id) for (const t of m.consumed) remove(t);
          return { type: 'none' };
        case 'kakan':
          if (m.actor === id) remove(m.pai);
          { const win = m.actor !== id && pa.find((x) => x.type === 'hora'); if (win) return win; }
          return { type: 'none' };
        default: return { type: 'none' };
      }
    };
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line.trim()) continue;
        const m = JSON.parse(line) as Msg;
        received.push(m);
        if (m.type === 'error') { error = m.message; sock.end(); return; }
        if (m.type === 'end_game') { sock.end(); return; }
        const override = opts.sabotage?.(m, id);
        try { send(override ?? answer(m)); } catch (e) { reject(e); sock.destroy(); return; }
      }
    });
    sock.on('close', () => resolve({ id, received, error }));
    sock.on('error', (e) => reject(e));
    sock.connect(Number(u.port), u.hostname);
  });
}
