import { afterAll, describe, expect, it } from 'bun:test';
import { createApp } from '../../src/app';
import { jsonTextDeeperThan, MAX_JSON_DEPTH } from '../../src/formats/json-depth';

// JSON nested deeper than any document of ours (README, Errors) is refused from its text, before
// JSON.parse builds it: 5 MB of brackets parsed took ~230 MB and two seconds of the server's one
// thread, for a JSON body on any route and for an uploaded log (whose mjai lines were accepted).
const app = createApp({}).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
afterAll(async () => {
  await app.decorator.games.close();
  await app.stop(true);
});

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const upload = async (text: string) => {
  const res = await fetch(`${base}/api/replay/load`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: text });
  return { status: res.status, body: (await res.json()) as any };
};

describe('deeply nested JSON', () => {
  it('is measured on the text: brackets inside strings and escaped quotes do not count', () => {
    expect(jsonTextDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextDeeperThan(`{"a":"${'['.repeat(100)}","b":"\\"${'{'.repeat(100)}"}`)).toBe(false);
    expect(jsonTextDeeperThan(`{"a":"\\\\",${'"b":{'.repeat(40)}}`)).toBe(true);
  });

  it('in an uploaded mjai or tenhou.net/6 log is refused as no accepted format, naming the depth', async () => {
    // An mjai line with a deep field the reader ignores was accepted as a game.
    const mjai = await upload(`{"type":"start_game","names":["a","b","c","d"],"x":${nested(40)}}\n`);
    expect([mjai.status, mjai.body.code]).toEqual([400, 'UNKNOWN_LOG_FORMAT']);
    expect(mjai.body.detail).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    const tenhou6 = await upload(`{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"","aka":1},"log":${nested(40)}}`);
    expect([tenhou6.status, tenhou6.body.code]).toEqual([400, 'UNKNOWN_LOG_FORMAT']);
    expect(tenhou6.body.detail).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    // The same as {xml_content} inside a JSON request.
    const wrapped = await fetch(`${base}/api/replay/load`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: `{"type":"start_game","x":${nested(40)}}` }) });
    expect(((await wrapped.json()) as any).code).toBe('UNKNOWN_LOG_FORMAT');
  });

  it('in a JSON request body of 5 MB is refused with the documented error, a declared length or not', async () => {
    const n = 2_600_000;
    const body = `{"mode":${nested(n)}}`;
    for (const chunked of [false, true]) {
      const headers: Record<string, string> = chunked ? { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } : { 'content-type': 'application/json' };
      const res = await fetch(`${base}/api/game/new`, { method: 'POST', headers, body: chunked ? new Blob([body]).stream() : body });
      expect([res.status, await res.json()]).toEqual([400, { detail: `request body nests deeper than ${MAX_JSON_DEPTH} levels`, code: 'BAD_REQUEST' }]);
    }
  });
});
