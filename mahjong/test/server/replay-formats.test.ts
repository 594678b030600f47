/** POST /api/replay/load with every format (bytes, gzip, JSON) and each error; POST /api/replay/export. */
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { exportLog } from '../../src/formats';
import { canonicalGame } from '../../src/formats/canonical';
import { MJLOG_DATA } from '../fixtures/data/paths';
import { testApp } from './helpers';

const { app, call, close } = testApp();
afterAll(close);

const XML = readFileSync(`${MJLOG_DATA}/double-ron.mjlog`, 'utf8');
const GAME = parseMjlog(XML);

async function post(body: Uint8Array | string, type: string) {
  const bytes = (typeof body === 'string' ? new TextEncoder().encode(body) : body) as Uint8Array<ArrayBuffer>;
  const res = await app.handle(new Request('http://localhost/api/replay/load', {
    method: 'POST', body: bytes, headers: { 'content-type': type, 'content-length': String(bytes.length) },
  }));
  return { status: res.status, json: (await res.json()) as any };
}

describe('replay load: every format', () => {
  it('reads gzipped mjlog bytes', async () => {
    const r = await post(Bun.gzipSync(new TextEncoder().encode(XML)), 'application/octet-stream');
    expect(r.status).toBe(200);
    expect(r.json.format).toBe('xml');
    expect(canonicalGame(r.json.paipu)).toEqual(canonicalGame(GAME));
  });

  it('reads plain XML bytes with a UTF-8 BOM', async () => {
    const r = await post(`\uFEFF${XML}`, 'application/xml');
    expect(r.status).toBe(200);
    expect(r.json.paipu.rounds.length).toBe(GAME.rounds.length);
  });

  it('reads a tenhou.net/6 log posted as JSON, and as bytes', async () => {
    const t6 = exportLog(GAME, 'tenhou6');
    const asJson = await call('POST', '/api/replay/load', t6);
    expect(asJson.status).toBe(200);
    expect(asJson.json.format).toBe('tenhou6');
    expect(canonicalGame(asJson.json.paipu)).toEqual(canonicalGame(GAME));
    const asBytes = await post(t6, 'application/octet-stream');
    expect(asBytes.json.format).toBe('tenhou6');
  });

  it('reads mjai JSON lines, gzipped too', async () => {
    const lines = exportLog(GAME, 'mjai');
    const r = await post(lines, 'application/x-ndjson');
    expect(r.status).toBe(200);
    expect(r.json.format).toBe('mjai');
    expect(canonicalGame(r.json.paipu)).toEqual(canonicalGame(GAME));
    expect((await post(Bun.gzipSync(new TextEncoder().encode(lines)), 'application/gzip')).json.format).toBe('mjai');
  });

  it('reads any format through {xml_content} and /steps', async () => {
    const r = await call('POST', '/api/replay/steps', { xml_content: exportLog(GAME, 'mjai') });
    expect(r.status).toBe(200);
    expect(r.json.steps.at(-1).event_type).toBe('game_end');
  });
});

describe('replay load: errors', () => {
  it('an unrecognised format names the accepted formats', async () => {
    const r = await post('hello, this is not a log', 'text/plain');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('UNKNOWN_LOG_FORMAT');
    for (const f of ['Tenhou XML', 'tenhou.net/6', 'mjai']) expect(r.json.detail).toContain(f);
  });

  it('a DOCTYPE is refused and said to be not allowed', async () => {
    const r = await post(`<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY x "y">]>${XML}`, 'application/xml');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_MJLOG');
    expect(r.json.detail).toContain('DOCTYPE is not allowed');
  });

  it('xml: a discard of a tile not in the hand is refused naming the hand and event', async () => {
    const r = await post(XML.replace('<D131/>', '<D130/>'), 'application/xml');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_LOG');
    expect(r.json.detail).toMatch(/xml log, .*log event \d+/);
  });

  it('xml: a nonsense meld code is refused', async () => {
    const m = /<N who="(\d)" m="(\d+)" \/>/.exec(XML)!;
    const r = await post(XML.replace(m[0], `<N who="${m[1]}" m="43" />`), 'application/xml');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_LOG');
  });

  it('mjai: a discard of a tile not in the hand names the line and event', async () => {
    const lines = exportLog(GAME, 'mjai').split('\n');
    const i = lines.findIndex((l) => l.includes('"dahai"') && !l.includes('"C"'));
    const ev = JSON.parse(lines[i]!);
    lines[i] = JSON.stringify({ ...ev, pai: 'C', tsumogiri: false });
    const r = await post(lines.join('\n'), 'application/x-ndjson');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_LOG');
    expect(r.json.detail).toContain(`mjai log, line ${i + 1} (dahai)`);
  });

  it('mjai: a fifth copy of a tile is refused', async () => {
    const lines = exportLog(GAME, 'mjai').split('\n');
    const start = JSON.parse(lines[1]!);
    start.tehais[0] = ['1m', '1m', '1m', '1m', ...start.tehais[0].slice(4)];
    start.tehais[1] = ['1m', ...start.tehais[1].slice(1)];
    lines[1] = JSON.stringify(start);
    const r = await post(lines.join('\n'), 'application/x-ndjson');
    expect(r.status).toBe(400);
    expect(r.json.detail).toContain('fifth copy');
  });

  it('mjai: an event that does not fit its schema is named', async () => {
    const r = await post('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"dahai","actor":7,"pai":"1m","tsumogiri":false}\n', 'application/x-ndjson');
    expect(r.status).toBe(400);
    expect(r.json.detail).toContain('line 2 (dahai)');
  });

  it('tenhou6: a meld string that is not a meld is refused', async () => {
    const t6 = JSON.parse(exportLog(GAME, 'tenhou6'));
    const take = t6.log[0][5] as unknown[];
    const at = take.findIndex((x) => typeof x === 'string');
    if (at >= 0) take[at] = 'p112233'; else take.splice(3, 0, 'p112233');
    const r = await call('POST', '/api/replay/load', t6);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_LOG');
    expect(r.json.detail).toContain('tenhou6 log, log[0]');
  });

  it('an empty body is refused', async () => {
    const r = await post('', 'application/octet-stream');
    expect(r.status).toBe(400);
  });
});

describe('replay export', () => {
  for (const format of ['xml', 'tenhou6', 'mjai'] as const) {
    it(`writes ${format} that loads back as the same game`, async () => {
      const res = await app.handle(new Request(`http://localhost/api/replay/export?format=${format}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ paipu: GAME }),
      }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const text = await res.text();
      const back = await post(text, 'application/octet-stream');
      expect(back.json.format).toBe(format);
      expect(canonicalGame(back.json.paipu)).toEqual(canonicalGame(GAME));
    });
  }

  it('refuses an unknown format with 422', async () => {
    const r = await call('POST', '/api/replay/export?format=pdf', { paipu: GAME });
    expect(r.status).toBe(422);
  });
});

describe('replay steps come from the engine', () => {
  it('a log cut mid-hand ends at its last replayable event (nothing the engine would do next is shown)', async () => {
    const cut = readFileSync(`${MJLOG_DATA}/obs-riichi-discard.mjlog`, 'utf8');
    const r = await call('POST', '/api/replay/steps', { xml_content: cut });
    expect(r.status).toBe(200);
    // The log ends <U43/><REACH who="1" step="1"/>: the riichi has no discard yet, so the last
    // step is seat 1's draw of tile 43 (the engine would draw on past a plain cut otherwise).
    const last = r.json.steps.at(-1);
    expect(last.event_type).toBe('draw');
    expect(last.state.players[1].drawn).toBe(43);
    expect(cut.trimEnd().endsWith('<U43/><REACH who="1" step="1"/></mjloggm>')).toBe(true);
  });

  it('every step is typed: the result of a finished hand is the summary the pages read', async () => {
    const r = await call('POST', '/api/replay/steps', { xml_content: XML });
    const ends = r.json.steps.filter((s: any) => s.event_type === 'kyoku_end');
    expect(ends.length).toBe(GAME.rounds.length);
    for (const s of ends) {
      expect(['agari', 'ryuukyoku']).toContain(s.state.result.type);
      expect(s.state.result.deltas).toHaveLength(4);
    }
    const doubleRon = ends.find((s: any) => s.state.result.wins.length === 2);
    expect(doubleRon).toBeDefined();
  });

  it('a paipu the engine cannot replay is refused naming the hand', async () => {
    const bad = structuredClone(GAME);
    const d = bad.rounds[0]!.events.find((e) => e.t === 'discard')!;
    if (d.t === 'discard') d.tile = (d.tile + 64) % 136;
    const r = await call('POST', '/api/replay/steps', { paipu: bad });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_LOG');
    expect(r.json.detail).toContain('East 1');
  });
});

describe('game export', () => {
  it('GET /api/game/{id}/export?format= gives a played game in each format', async () => {
    // A 4ai game's record is public while it runs (a human_ai game's only once it is over).
    const created = await call('POST', '/api/game/new', { mode: '4ai', ai_model: 'random', seed: 5, max_round: 0, delay_ms: 0 });
    expect(created.status).toBe(200);
    const id = created.json.session_id;
    for (const format of ['xml', 'tenhou6', 'mjai'] as const) {
      const res = await app.handle(new Request(`http://localhost/api/game/${id}/export?format=${format}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`mahjong-${id}.`);
      const back = await post(await res.text(), 'application/octet-stream');
      expect(back.status).toBe(200);
      expect(back.json.format).toBe(format);
    }
    expect((await call('GET', `/api/game/${id}/export?format=doc`)).status).toBe(422);
    expect((await call('GET', '/api/game/nope/export?format=xml')).status).toBe(404);
  });
});
