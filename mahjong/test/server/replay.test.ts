import { afterAll, describe, expect, it } from 'bun:test';
import { SAMPLE, testApp } from './helpers';

const { call, close } = testApp();
afterAll(close);

const sampleXml = async () => (await call('GET', `/api/replay/builtin/${SAMPLE}`)).text;

describe('built-in samples', () => {
  it('lists the sample logs', async () => {
    const res = await call('GET', '/api/replay/builtin');
    expect(res.status).toBe(200);
    expect(res.json.paipu_files).toContain(SAMPLE);
    expect(res.json.paipu_files.every((f: string) => /\.(xml|mjlog)$/.test(f))).toBe(true);
  });

  it('serves a sample as XML', async () => {
    const res = await call('GET', `/api/replay/builtin/${SAMPLE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    expect(res.text.startsWith('<mjloggm')).toBe(true);
  });

  it.each(['..%2F..%2Fpackage.json', '..%2FSOURCE.md', 'LICENSE-mjx', '.%2E%2Fsrc%2Fapp.ts', 'nope.xml'])('answers 404 for %s', async (name) => {
    const res = await call('GET', `/api/replay/builtin/${name}`);
    expect(res.status).toBe(404);
    expect(res.json.detail).toBeString();
  });
});

describe('replay load', () => {
  it('parses XML into a paipu with type and seed', async () => {
    const res = await call('POST', '/api/replay/load', { xml_content: await sampleXml() });
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    expect(res.json.format).toBe('xml');
    expect(res.json.paipu.type).toBe(169);
    expect(res.json.paipu.seed).toStartWith('mt19937ar');
    expect(res.json.paipu.rounds.length).toBe(7);
  });

  it('refuses malformed XML with code INVALID_MJLOG and a line', async () => {
    const res = await call('POST', '/api/replay/load', { xml_content: '<mjloggm ver="2.3">\n<GO type="169"\n<INIT' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_MJLOG');
    expect(res.json.line).toBeGreaterThan(0);
  });

  it('refuses a JSON body that is neither {xml_content} nor a tenhou.net/6 log with 400', async () => {
    const res = await call('POST', '/api/replay/load', { xml: 'x' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('BAD_REQUEST');
    expect(res.json.detail).toContain('tenhou.net/6');
  });

  it('refuses a body over 5 MB with 413', async () => {
    const big = JSON.stringify({ xml_content: 'x'.repeat(5 * 1024 * 1024 + 10) });
    const res = await call('POST', '/api/replay/load', big);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await call('POST', '/api/replay/load', '{"xml_content": ');
    expect(res.status).toBe(400);
  });
});

describe('replay steps', () => {
  it('turns XML into steps with all four hands visible', async () => {
    const res = await call('POST', '/api/replay/steps', { xml_content: await sampleXml() });
    expect(res.status).toBe(200);
    const { steps, total, kyoku_indices } = res.json;
    expect(total).toBe(steps.length);
    expect(kyoku_indices.length).toBe(7);
    expect(steps[0].event_type).toBe('init');
    for (const i of kyoku_indices) expect(steps[i].event_type).toBe('init');
    expect(steps.at(-1).event_type).toBe('game_end');
    const init = steps[0].state;
    expect(init.players.map((p: any) => p.hand.length)).toEqual([13, 13, 13, 13]);
    const types = new Set(steps.map((s: any) => s.event_type));
    for (const t of ['draw', 'discard', 'call', 'riichi', 'agari', 'ryuukyoku', 'kyoku_end']) expect(types.has(t)).toBe(true);
    expect(steps.every((s: any, i: number) => s.step === i && typeof s.description === 'string' && s.description.length > 0)).toBe(true);
  });

  it('keeps 13 or 14 tiles per hand counting melds, and ends on the logged final scores', async () => {
    const { json } = await call('POST', '/api/replay/steps', { xml_content: await sampleXml() });
    for (const s of json.steps) {
      for (const p of s.state.players) {
        const inMelds = p.melds.reduce((n: number, m: any) => n + Math.min(3, m.tiles.length), 0);
        expect([13, 14]).toContain(p.hand.length + inMelds);
      }
    }
    expect(json.steps.at(-1).state.players.map((p: any) => p.score)).toEqual([26100, 62000, -11100, 23000]);
  });

  it('accepts a paipu from load and gives the same steps', async () => {
    const xml = await sampleXml();
    const loaded = await call('POST', '/api/replay/load', { xml_content: xml });
    const a = await call('POST', '/api/replay/steps', { paipu: loaded.json.paipu });
    const b = await call('POST', '/api/replay/steps', { xml_content: xml });
    expect(a.status).toBe(200);
    expect(a.json.total).toBe(b.json.total);
    expect(a.json.steps.at(-1).description).toBe(b.json.steps.at(-1).description);
  });

  it('replays every built-in sample to its game end, engine games included', async () => {
    const list = (await call('GET', '/api/replay/builtin')).json.paipu_files as string[];
    expect(list.some((f) => f.startsWith('engine-'))).toBe(true);
    for (const f of list) {
      const xml = (await call('GET', `/api/replay/builtin/${f}`)).text;
      const res = await call('POST', '/api/replay/steps', { xml_content: xml });
      expect(res.status).toBe(200);
      expect(res.json.steps.at(-1).event_type).toBe('game_end');
    }
  });

  it('replays a log cut off mid-hand up to its last event, without a game end', async () => {
    const xml = await Bun.file(`${import.meta.dir}/fixtures/truncated-mid-round.mjlog`).text();
    const res = await call('POST', '/api/replay/steps', { xml_content: xml });
    expect(res.status).toBe(200);
    expect(res.json.steps.at(-1).event_type).not.toBe('game_end');
    expect(res.json.total).toBeGreaterThan(100);
  });

  it('refuses a log too long to replay (hundreds of hands in 1 MB) instead of building gigabytes', async () => {
    const xml = await sampleXml();
    const hands = xml.slice(xml.indexOf('<INIT'), xml.lastIndexOf('<INIT'));
    const long = xml.slice(0, xml.indexOf('<INIT')) + hands.repeat(Math.ceil(1_000_000 / hands.length)) + '</mjloggm>';
    const res = await call('POST', '/api/replay/steps', { xml_content: long });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('REPLAY_TOO_LONG');
    expect(res.json.detail).toContain('at most 10000');
  });

  it('refuses a paipu that is not a game record with 400 naming the field', async () => {
    const res = await call('POST', '/api/replay/steps', { paipu: { type: 169 } });
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('paipu');
  });
});
