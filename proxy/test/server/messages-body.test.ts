import { afterAll, describe, expect, it } from 'bun:test';
import { MessagesBody } from '../../src/modules/messages/body';
import { messageResponse, startMockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const text = (body: ArrayBuffer | Uint8Array | null) => (body === null ? null : new TextDecoder().decode(body));

/** Claude Code 2.1.330's member order (recorded): model first, stream last. */
const claudeCode = (extra: Record<string, unknown> = {}) => JSON.stringify({
  model: 'claude-opus-5-5',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'say "model": "x", "stream": false' }] }],
  system: [{ type: 'text', text: 'You are Claude Code', cache_control: { type: 'ephemeral' } }],
  tools: [{ name: 'Bash', description: 'runs', input_schema: { type: 'object', properties: { stream: { type: 'boolean' } } } }],
  metadata: { user_id: JSON.stringify({ device_id: 'd', account_uuid: '', session_id: 'sess-1' }) },
  max_tokens: 32000,
  ...extra,
  stream: true,
});

describe('reading a Messages body without parsing it', () => {
  it("reads model and stream from the ends of Claude Code's body and forwards it as it came", () => {
    const raw = bytes(claudeCode());
    const body = new MessagesBody(raw);
    expect([body.model, body.stream, body.userId]).toEqual(['claude-opus-5-5', true, JSON.stringify({ device_id: 'd', account_uuid: '', session_id: 'sess-1' })]);
    expect(body.forward('claude-opus-5-5', false)).toBe(raw);
  });

  it('splices a rewritten model in and leaves every other byte', () => {
    const original = claudeCode();
    const out = text(new MessagesBody(bytes(original)).forward('MiniMax-M2', false))!;
    expect(out).toBe(original.replace('"model":"claude-opus-5-5"', '"model":"MiniMax-M2"'));
    expect(JSON.parse(out)).toEqual({ ...JSON.parse(original), model: 'MiniMax-M2' });
  });

  it('keeps the fast path for escapes that spell no ASCII (terminal colours, non-Latin text)', () => {
    const raw = bytes(claudeCode({ output: '\u001b[31mred\u001b[0m \ud83d' }));
    expect(text(raw)).toContain('\\u001b[31m');
    expect(new MessagesBody(raw).forward('claude-opus-5-5', true)).toBe(raw);
  });

  it('asks for a parse when images or documents may have to be stripped', () => {
    const withImage = claudeCode({ extra: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] });
    expect(new MessagesBody(bytes(withImage)).forward('m', true)).toBeNull();
    expect(new MessagesBody(bytes(withImage)).forward('m', false)).not.toBeNull();
    expect(new MessagesBody(bytes(claudeCode())).forward('m', true)).not.toBeNull();
  });

  it('parses in full whatever it cannot read from the ends, and gets the same answers', () => {
    const cases: [string, string, boolean][] = [
      ['{"messages":[],"model":"late","stream":true}', 'late', true],
      ['{"model":"a","messages":[],"stream":true,"stream":false}', 'a', false],
      ['{"model":"a","model":"b","stream":true}', 'b', true],
      ['{"model":"a","x":{"stream":true}}', 'a', false],
      ['{"model":"café","messages":[],"stream":true}', 'café', true],
      ['{"model":"m1","max_tokens":16,"stream":true,"messages":[]}', 'm1', true],
      // A \u escape of a printable ASCII character may spell a key or value the byte searches miss.
      ['{"model":"a","messages":[],"mod\\u0065l":"b","stream":true}', 'b', true],
      ['{"model":"a","messages":[],"stream":true,"str\\u0065am":false}', 'a', false],
      ['{"model":"a","messages":[{"role":"user","content":[{"type":"im\\u0061ge"}]}],"stream":true}', 'a', true],
    ];
    for (const [json, model, stream] of cases) {
      const body = new MessagesBody(bytes(json));
      expect({ json, model: body.model, stream: body.stream, forwarded: body.forward('z', false) }).toEqual({ json, model, stream, forwarded: null });
    }
  });

  // Duplicate keys are left to the cases above: a duplicate behind a value the ends cannot read
  // (a \u escape) is not seen, and the body goes upstream, whose parser decides.
  it('reads the same model and stream as a full parse, for any member order, spacing and value', () => {
    let seed = 0x9e3779b9;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const space = () => pick(['', '', ' ', '\n  ', '\t', '\r\n']);
    const scalars = ['true', 'false', 'null', '0', '-12', '3.5', '1e3', '2.5E-2', '"x"', '"a \\"quoted\\" \\\\ \\/ \\n"', '"caf\u00e9"', '"\\u00e9"', '"stream"', '"model"'];
    const models = ['"claude-opus-5-5"', '"m1"', '"glm-4.6[1m]"', '"a\\"b"', '"caf\u00e9"', '"\\u0041"', '" "', '""', '7', 'null'];
    for (let n = 0; n < 3000; n++) {
      const members: string[] = [];
      if (random() < 0.95) members.push(`"model"${space()}:${space()}${pick(models)}`);
      for (let k = Math.floor(random() * 4); k > 0; k--) members.push(`"${pick(['max_tokens', 'temperature', 'x_y', 'top_k'])}"${space()}:${space()}${pick(scalars)}`);
      members.push(`"messages":[{"role":"user","content":${pick(scalars)}}]`);
      if (random() < 0.3) members.push(`"metadata":{"user_id":${pick(scalars)},"stream":true}`);
      if (random() < 0.9) members.push(`"stream"${space()}:${space()}${pick(['true', 'false', '"true"', '1', 'null'])}`);
      // Claude Code's order most of the time (model first, stream last), any order otherwise.
      if (random() < 0.3) members.sort(() => random() - 0.5);
      const json = `${space()}{${space()}${members.join(`${space()},${space()}`)}${space()}}${space()}`;
      const parsed = JSON.parse(json) as { model?: unknown; stream?: unknown };
      const body = new MessagesBody(bytes(json));
      const valid = typeof parsed.model === 'string' && parsed.model.trim() !== '';
      if (!valid) {
        expect(() => body.model).toThrow();
        continue;
      }
      expect({ json, model: body.model, stream: body.stream }).toEqual({ json, model: parsed.model as string, stream: parsed.stream === true });
      const forwarded = body.forward('rewritten', false);
      if (forwarded !== null) expect(JSON.parse(text(forwarded)!)).toEqual({ ...parsed, model: 'rewritten' });
    }
  });

  it('still rejects what is not a JSON object with a model (400)', () => {
    for (const bad of ['not json', '{"model":"a","messages":[', '{"stream":true}']) {
      expect(() => new MessagesBody(bytes(bad)).model).toThrow(/invalid_json|not valid JSON|model: required/);
    }
  });
});

describe('the fast path through the proxy', () => {
  it('sends a rewritten model upstream with the rest of the body byte for byte, and strips an image for a model that cannot take it', async () => {
    const upstream = await startMockUpstream(() => messageResponse('ok'));
    const h = harness({
      providers: { mm: { base_url: upstream.url, api_keys: [{ key: 'sk-fast-path-key-0001' }] } },
      routes: { default: [{ match: '.*', provider: 'mm', model: 'MiniMax-M2' }] },
    });
    const server = h.listen();
    try {
      const original = claudeCode();
      const send = (body: string) => fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect((await send(original)).status).toBe(200);
      expect(upstream.requests[0]!.body).toBe(original.replace('"model":"claude-opus-5-5"', '"model":"MiniMax-M2"'));
      const withImage = claudeCode({ shot: 1 }).replace('"content":[{"type":"text"', '"content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAAA"}},{"type":"text"');
      expect((await send(withImage)).status).toBe(200);
      const sent = JSON.parse(upstream.requests[1]!.body);
      expect(sent.model).toBe('MiniMax-M2');
      expect(JSON.stringify(sent.messages)).not.toContain('"image"');
      expect(JSON.stringify(sent.messages)).toContain('[modelproxy] An image was removed');
      // The same image with its type spelled "im\u0061ge" is the same image to the vendor.
      expect((await send(withImage.replace('"type":"image"', '"type":"im\\u0061ge"'))).status).toBe(200);
      const escaped = JSON.parse(upstream.requests[2]!.body);
      expect(escaped.messages[0].content.map((b: { type: string }) => b.type)).toEqual(['text', 'text']);
      expect(JSON.stringify(escaped.messages)).toContain('[modelproxy] An image was removed');
    } finally {
      await server.stop();
      await upstream.stop();
    }
  });

  it('a body that names its model twice is routed by the one the vendor reads (the last), and the vendor gets the route\'s rewrite', async () => {
    const upstream = await startMockUpstream(() => messageResponse('ok'));
    const h = harness({
      providers: { mm: { base_url: upstream.url, api_keys: [{ key: 'sk-fast-path-key-0002' }] } },
      routes: { default: [{ match: 'haiku', provider: 'mm', model: 'MiniMax-M2' }, { match: 'opus', provider: 'mm', model: 'MiniMax-M2-her' }, { match: '.*', provider: 'mm' }] },
    });
    const server = h.listen();
    try {
      const send = (body: string) => fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      // Claude Code's order at both ends, a second model between them (after a member the ends do not read).
      const twice = (first: string, last: string) => claudeCode().replace('"max_tokens":32000', `"max_tokens":32000,"tools_used":[1],"model":"${last}","metadata2":{}`).replace('"model":"claude-opus-5-5"', `"model":"${first}"`);
      for (const [first, last, served] of [['claude-haiku-4-5', 'vendor-flagship-9', 'vendor-flagship-9'], ['claude-haiku-4-5', 'claude-opus-5-5', 'MiniMax-M2-her']]) {
        upstream.requests.length = 0;
        expect((await send(twice(first!, last!))).status).toBe(200);
        // What the vendor reads as the model (a JSON parser takes the last of two) is what the route decided and the log says.
        expect(JSON.parse(upstream.requests[0]!.body).model).toBe(served);
        expect((await h.logLines()).at(-1)).toMatchObject({ model_in: last, model_out: served });
      }
      // A second model spelled with a \u escape is read as the vendor reads it, and the vendor gets one model.
      const escaped = claudeCode().replace('"max_tokens":32000', '"max_tokens":32000,"mod\\u0065l":"claude-opus-x"').replace('"model":"claude-opus-5-5"', '"model":"claude-haiku-4-5"');
      upstream.requests.length = 0;
      expect((await send(escaped)).status).toBe(200);
      expect(upstream.requests[0]!.body.match(/"mod(el|\\u0065l)"/g)).toEqual(['"model"']);
      expect(JSON.parse(upstream.requests[0]!.body).model).toBe('MiniMax-M2-her');
      expect((await h.logLines()).at(-1)).toMatchObject({ model_in: 'claude-opus-x', model_out: 'MiniMax-M2-her' });
      // A nested "model" (a tool's schema, a subagent call's input) is no second model: still the fast path's splice.
      const nested = claudeCode({ tools: [{ name: 'Task', input_schema: { type: 'object', properties: { model: { type: 'string' } } } }] });
      upstream.requests.length = 0;
      expect((await send(nested.replace('"model":"claude-opus-5-5"', '"model":"claude-haiku-4-5"'))).status).toBe(200);
      expect(upstream.requests[0]!.body).toBe(nested.replace('"model":"claude-opus-5-5"', '"model":"MiniMax-M2"'));
    } finally {
      await server.stop();
      await upstream.stop();
    }
  });
});
