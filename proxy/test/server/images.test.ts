import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, post, removeTempDirs } from '../helpers/proxy-harness';
import { clampSize, findImageProvider, imageEndpoint, isImageModel, truncate } from '../../src/modules/images/translate';
import { parseProxyConfig } from '../../src/config/load';
import { stringify } from 'yaml';

afterAll(removeTempDirs);

const KEYS = ['sk-cp-image-key-1', 'sk-cp-image-key-2'];
const B64 = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA==';
/** MiniMax image_generation answers. */
const ok = (images: string[]) => Response.json({ id: 'req-1', data: { image_base64: images }, metadata: { success_count: String(images.length), failed_count: '0' }, base_resp: { status_code: 0, status_msg: 'success' } });
const fail = (code: number, msg: string) => Response.json({ base_resp: { status_code: code, status_msg: msg } });

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
const imageConfig = () => ({
  providers: {
    other: { base_url: 'http://127.0.0.1:9/anthropic', api_keys: [{ key: 'sk-other-0000' }] },
    mm: { base_url: `${upstream.url}/anthropic`, usage_adapter: 'minimax', api_keys: KEYS.map((key) => ({ key })) },
  },
  routes: { default: [{ match: '.*', provider: 'other' }] },
});
beforeAll(async () => {
  upstream = await startMockUpstream(() => ok([B64]));
  h = harness(imageConfig());
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); });
const client = () => new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'client-key', maxRetries: 0 });
const sent = () => JSON.parse(upstream.requests.at(-1)!.body);

describe('image generation', () => {
  it('translates images.generate to MiniMax image_generation and maps base64 back unchanged', async () => {
    upstream.requests.length = 0;
    upstream.handle(() => ok([B64, `${B64}X`]));
    const result = await client().images.generate({ model: 'dall-e-3', prompt: 'a red fox', size: '1024x1024' });
    expect(result.data).toEqual([{ b64_json: B64 }, { b64_json: `${B64}X` }]);
    expect(typeof result.created).toBe('number');
    const req = upstream.requests[0]!;
    expect(req.path).toBe('/v1/image_generation');
    expect(req.headers.authorization).toBe(`Bearer ${KEYS[0]}`);
    expect(sent()).toEqual({ model: 'image-01', prompt: 'a red fox', response_format: 'base64', width: 1024, height: 1024 });
  });

  it('clamps the size to 512–2048 in multiples of 8 and truncates the prompt to 1500 characters', async () => {
    upstream.handle(() => ok([B64]));
    await client().images.generate({ model: 'gpt-image-1', prompt: 'p'.repeat(4000), size: '4000x300' as never });
    expect(sent()).toMatchObject({ width: 2048, height: 512 });
    expect(sent().prompt).toHaveLength(1500);
    await client().images.generate({ model: 'image-01', prompt: 'x', size: '1001x777' as never });
    expect(sent()).toMatchObject({ width: 1000, height: 776 });
    await client().images.generate({ model: 'image-01', prompt: 'x', size: 'auto' });
    expect(sent().width).toBeUndefined();
  });

  it('turns a non-zero base_resp into an error, and moves to the next key on a key error', async () => {
    upstream.requests.length = 0;
    upstream.handle((r) => (r.key === KEYS[0] ? fail(1008, 'insufficient balance') : fail(1026, 'sensitive content')));
    // A proxy of its own: the key error cools KEYS[0], which the other tests expect to be live.
    const own = harness(imageConfig()).listen();
    const ownClient = new OpenAI({ baseURL: `${own.url}/v1`, apiKey: 'client-key', maxRetries: 0 });
    const err = await ownClient.images.generate({ model: 'flux-pro', prompt: 'x' }).then(() => null, (e: InstanceType<typeof OpenAI.APIError>) => e);
    await own.stop();
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err!.status).toBe(400);
    expect(err!.message).toContain('sensitive content (1026)');
    expect(upstream.requests.map((r) => r.key)).toEqual(KEYS);
  });

  it('names the key that served in x-modelproxy-key, on an image and on a MiniMax error, and logs the answer\'s size', async () => {
    upstream.handle((r) => (r.key === KEYS[0] ? fail(1002, 'rate limit') : ok([B64])));
    // A proxy of its own: the key error cools KEYS[0], which the other tests expect to be live.
    const own = harness(imageConfig());
    const res = await own.app.handle(post('/v1/images/generations', { model: 'image-01', prompt: 'x' }));
    const text = await res.text();
    expect([res.status, res.headers.get('x-modelproxy-key'), res.headers.get('x-modelproxy-attempts')]).toEqual([200, 'mm#2', '2']);
    upstream.handle(() => fail(1026, 'sensitive content'));
    const refused = await own.app.handle(post('/v1/images/generations', { model: 'image-01', prompt: 'x' }));
    expect([refused.status, refused.headers.get('x-modelproxy-key'), refused.headers.get('x-modelproxy-attempts')]).toEqual([400, 'mm#2', '1']);
    expect((await own.logLines()).map((l) => [l.key_index, l.status, l.bytes])).toEqual([[2, 200, Buffer.byteLength(text)], [2, 400, 0]]);
  });

  it('turns an empty image list into an error, not an empty data array', async () => {
    upstream.handle(() => ok([]));
    const res = await fetch(`${proxy.url}/v1/images/generations`, { method: 'POST', body: JSON.stringify({ model: 'image-01', prompt: 'x' }) });
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('image_generation_failed');
  });

  it('answers a structured 502, never a crash, for upstream answers of an unexpected shape', async () => {
    for (const body of ['null', '[]', '{"data":{"image_base64":"abc"}}', '{"base_resp":"x"}', '{"data":{"image_base64":[1]}}', 'not json']) {
      upstream.handle(() => new Response(body, { headers: { 'content-type': 'application/json' } }));
      const res = await fetch(`${proxy.url}/v1/images/generations`, { method: 'POST', body: JSON.stringify({ model: 'image-01', prompt: 'x' }) });
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe('image_generation_failed');
    }
  });

  it('writes a requests.jsonl line even when no key reaches the upstream', async () => {
    const down = harness({
      providers: { mm: { base_url: 'http://127.0.0.1:9/anthropic', usage_adapter: 'minimax', api_keys: [{ key: 'sk-down-00001111' }] } },
      routes: { default: [{ match: '.*', provider: 'mm' }] },
    });
    const res = await down.app.handle(post('/v1/images/generations', { model: 'image-01', prompt: 'x' }));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('upstream_unreachable');
    const lines = await down.logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/v1/images/generations', provider: 'mm', key_index: null, attempts: 1, status: 502 });
    expect(JSON.stringify(lines)).not.toContain('sk-down-00001111');
  });

  it('answers 501 model_not_supported for a model without an image hint', async () => {
    const res = await h.app.handle(post('/v1/images/generations', { model: 'gpt-4o', prompt: 'x' }));
    expect(res.status).toBe(501);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_supported' });
  });

  it('answers 501 when no MiniMax provider is configured', async () => {
    const none = harness({ providers: { z: { base_url: 'https://open.bigmodel.cn/api/anthropic', api_keys: [{ key: 'k-123456789' }] } }, routes: { default: [{ match: '.*', provider: 'z' }] } });
    const res = await none.app.handle(post('/v1/images/generations', { model: 'image-01', prompt: 'x' }));
    expect(res.status).toBe(501);
    expect((await res.json()).error.code).toBe('image_provider_not_configured');
  });

  it('finds the image upstream by the platform-A host marker, skipping providers with only placeholder keys', () => {
    const config = parseProxyConfig(stringify({
      providers: {
        zp: { base_url: 'https://open.bigmodel.cn/api/anthropic', api_keys: [{ key: 'k-1234567890' }] },
        mmEmpty: { base_url: 'https://api.minimax.io/anthropic', api_keys: [{ key: 'YOUR_API_KEY' }] },
        mm: { base_url: 'https://api.minimaxi.com/anthropic', api_keys: [{ key: 'YOUR_API_KEY' }, { key: 'sk-cp-real-123456' }] },
      },
      routes: { default: [{ match: '.*', provider: 'zp' }] },
    }));
    expect(findImageProvider(config)?.name).toBe('mm');
    expect(imageEndpoint('https://api.minimaxi.com/anthropic')).toBe('https://api.minimaxi.com/v1/image_generation');
  });

  it('recognizes image models by hint', () => {
    for (const m of ['image-01', 'dall-e-2', 'gpt-image-1', 'FLUX.1-dev', 'stable-diffusion-xl', 'sd3', 'midjourney-v6', 'minimax-image']) expect(isImageModel(m)).toBe(true);
    for (const m of ['gpt-4o', 'claude-sonnet', 'glm-4.6', 'sdk-model']) expect(isImageModel(m)).toBe(false);
    expect(clampSize('0x0')).toEqual({ width: 512, height: 512 });
    expect(clampSize('big')).toBeNull();
    expect(truncate('😀'.repeat(2000), 1500)).toBe('😀'.repeat(1500));
    expect(truncate('a'.repeat(10_000_000), 1500)).toHaveLength(1500);
    expect(truncate('short', 1500)).toBe('short');
  });
});
