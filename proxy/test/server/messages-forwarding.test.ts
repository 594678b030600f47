import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { gzipSync } from 'node:zlib';
import { message, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { requestFrom } from '@devhub/shared/testing-address';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

const KEY = 'sk-provider-key-9999';
let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
beforeAll(async () => {
  upstream = await startMockUpstream();
  h = harness(configFor({ mm: { url: `${upstream.url}/anthropic/`, keys: [KEY] } }));
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); });

const client = () => new Anthropic({ baseURL: proxy.url, apiKey: 'client-secret-abc', maxRetries: 0, defaultHeaders: { 'anthropic-beta': 'claude-code-20250219,interleaved-thinking-2025-05-14' } });
const ask = { model: 'claude-3-5-sonnet-20241022', max_tokens: 16, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('forwarding', () => {
  it('passes non-streaming JSON through byte for byte', async () => {
    const body = `${JSON.stringify(message('exact bytes ✓'), null, 3)}\n`;
    upstream.handle(() => new Response(body, { headers: { 'content-type': 'application/json', 'request-id': 'req_x' } }));
    const response = await client().messages.create(ask).asResponse();
    expect(await response.text()).toBe(body);
    expect(response.headers.get('request-id')).toBe('req_x');
  });

  it('passes an SSE stream through byte for byte, and the SDK assembles it', async () => {
    const frames = sseFrames('streamed through the proxy');
    upstream.handle(() => sseResponse(frames));
    const raw = await client().messages.create({ ...ask, stream: true }).asResponse();
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    expect(await raw.text()).toBe(frames.join(''));
    const final = await client().messages.stream(ask).finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'streamed through the proxy' });
  });

  it('delivers the first chunk before the upstream has finished', async () => {
    const frames = sseFrames('slow stream');
    let releaseRest!: () => void;
    const rest = new Promise<void>((resolve) => { releaseRest = resolve; });
    let finished = false;
    upstream.handle(() => sseResponse([...frames, ''], async (i) => {
      if (i === 1) await rest; // hold everything after message_start until the client has it
      if (i === frames.length) finished = true;
    }));
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ ...ask, stream: true }) });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe(frames[0]!);
    expect(finished).toBe(false);
    releaseRest();
    let restText = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) restText += new TextDecoder().decode(r.value);
    expect(first + restText).toBe(frames.join(''));
    expect(finished).toBe(true);
  });

  it('cancels the upstream stream when the client goes away', async () => {
    let cancelled = false;
    let sentFirst!: () => void;
    const firstSent = new Promise<void>((resolve) => { sentFirst = resolve; });
    upstream.handle(() => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(sseFrames('x')[0]!));
        sentFirst();
      },
      cancel() { cancelled = true; },
    }), { headers: { 'content-type': 'text/event-stream' } }));
    const abort = new AbortController();
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ ...ask, stream: true }), signal: abort.signal });
    await firstSent;
    await res.body!.getReader().read();
    abort.abort();
    await waitFor(() => cancelled, 'the upstream stream to be cancelled', 10_000);
  });

  it('replaces client credentials with the provider key and forwards anthropic headers unchanged', async () => {
    upstream.requests.length = 0;
    upstream.handle(() => Response.json(message('ok')));
    await fetch(`${proxy.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: {
        'x-api-key': 'client-secret-abc', authorization: 'Bearer client-secret-abc', 'anthropic-version': '2023-06-01',
        'anthropic-beta': 'claude-code-20250219, fine-grained-tool-streaming-2025-05-14', 'x-app': 'cli', 'user-agent': 'claude-cli/2.1 (external, cli)',
        cookie: 'a=b', 'content-type': 'application/json',
      },
      body: JSON.stringify(ask),
    });
    const seen = upstream.requests[0]!;
    expect(seen.path).toBe('/anthropic/v1/messages');
    expect(seen.headers['x-api-key']).toBe(KEY);
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['anthropic-beta']).toBe('claude-code-20250219, fine-grained-tool-streaming-2025-05-14');
    expect(seen.headers['anthropic-version']).toBe('2023-06-01');
    expect(seen.headers['x-app']).toBe('cli');
    expect(seen.headers['user-agent']).toBe('claude-cli/2.1 (external, cli)');
    expect(seen.headers['accept-encoding']).toBe('identity');
    expect(JSON.stringify(upstream.requests)).not.toContain('client-secret-abc');
  });

  it('keeps what a tunnel or reverse proxy added, and what the client named hop-by-hop, from the vendor', async () => {
    // A relayed request is served only with the client token: a proxy of its own with one.
    const token = 'relay-client-token-0001';
    const relayed = harness(configFor({ mm: { url: upstream.url, keys: [KEY] } }, { server: { auth_token: token } }));
    const server = relayed.listen();
    try {
      upstream.requests.length = 0;
      upstream.handle(() => Response.json(message('ok')));
      // What cloudflared (with Cloudflare Access), nginx, Tailscale Funnel and ngrok add; and a header the client's Connection names.
      const added = {
        'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'proxy.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443',
        forwarded: 'for=203.0.113.7', via: '1.1 cloudflared', 'x-real-ip': '203.0.113.7', 'cf-connecting-ip': '203.0.113.7', 'true-client-ip': '203.0.113.7',
        'cf-access-jwt-assertion': 'eyJ.cloudflare-access-jwt.sig', 'cf-access-authenticated-user-email': 'me@example.com', 'cf-ray': '8f00-LHR', 'cf-ipcountry': 'GB',
        'tailscale-user-login': 'me@example.com', 'ngrok-auth-user-email': 'me@example.com', 'x-hop-secret': 'hop-only',
      };
      const answer = await requestFrom('127.0.0.1', Number(new URL(server.url).port), 'POST', '/v1/messages', {
        authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'keep-alive, x-hop-secret', 'x-custom-header': 'for the vendor',
        // A header the client means for the vendor's side (Cloudflare AI Gateway's token, sent with ANTHROPIC_CUSTOM_HEADERS).
        'cf-aig-authorization': 'Bearer ai-gateway-token', ...added,
      }, JSON.stringify(ask));
      expect(answer.status).toBe(200);
      const seen = upstream.requests[0]!;
      expect(Object.keys(seen.headers).filter((name) => name in added)).toEqual([]);
      expect(JSON.stringify(seen.headers)).not.toContain('example.com');
      // Everything else the client sent still goes on.
      expect(seen.headers['x-custom-header']).toBe('for the vendor');
      expect(seen.headers['cf-aig-authorization']).toBe('Bearer ai-gateway-token');
      expect(seen.headers['x-api-key']).toBe(KEY);
    } finally {
      await server.stop();
    }
  });

  it('forwards the request body unchanged when the route sets no model', async () => {
    upstream.requests.length = 0;
    const body = '{ "model":"sonnet[1m]",  "max_tokens": 5, "messages":[{"role":"user","content":"x"}] }';
    await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body });
    expect(upstream.requests[0]!.body).toBe(body);
  });

  it('strips content-encoding and content-length of a compressed upstream answer', async () => {
    const json = JSON.stringify(message('was gzipped'));
    upstream.handle(() => new Response(gzipSync(json), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }));
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(json);
  });

  it('writes a requests.jsonl line per request without contents or keys', async () => {
    upstream.handle(() => Response.json(message('slow stream')));
    const before = (await h.logLines()).length;
    for (let i = 0; i < 4; i++) await client().messages.create(ask);
    await waitFor(async () => (await h.logLines()).length >= before + 4, 'four more requests.jsonl lines', 10_000);
    const lines = await h.logLines();
    expect(lines.length).toBeGreaterThan(3);
    const last = lines.at(-1)!;
    expect(Object.keys(last).sort()).toEqual(['attempts', 'bytes', 'completed', 'images_removed', 'key_index', 'latency_ms', 'model_in', 'model_out', 'path', 'provider', 'route', 'status', 'stream', 'time'].sort());
    const text = JSON.stringify(lines);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('client-secret-abc');
    expect(text).not.toContain('slow stream');
  });
});
