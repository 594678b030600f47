import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { createLogger } from '@devhub/shared';
import { FeishuApiError, FeishuClient, FeishuHttpError } from '../../../src/feishu';
import { startMockFeishu } from './mock-feishu';

const appId = 'cli_a1b2c3d4e5f6';
const appSecret = 'sEcReT-0123456789abcdefghijklmn';
const mock = startMockFeishu({ appId, appSecret });
afterAll(() => mock.stop());
beforeEach(() => { mock.requests.length = 0; });

let clock = 1_000_000;
const client = (extra: Partial<ConstructorParameters<typeof FeishuClient>[0]> = {}) =>
  new FeishuClient({ appId, appSecret, baseUrl: mock.baseUrl, backoffMs: 1, now: () => clock, ...extra });

describe('Feishu client: tenant token', () => {
  it('fetches lazily, caches per instance, refreshes within 60 s of expiry', async () => {
    const c = client();
    expect(mock.tokenRequests()).toBe(0);
    await c.sendText('oc_chat1', 'one');
    await c.sendText('oc_chat1', 'two');
    expect(mock.tokenRequests()).toBe(1);
    const auth = mock.requests.filter((r) => r.path === '/im/v1/messages').map((r) => r.auth);
    expect(new Set(auth).size).toBe(1);
    expect(auth[0]).toMatch(/^Bearer t-mock\d+$/);
    clock += (7200 - 61) * 1000;
    await c.sendText('oc_chat1', 'still valid');
    expect(mock.tokenRequests()).toBe(1);
    clock += 2000;
    await c.sendText('oc_chat1', 'refreshed');
    expect(mock.tokenRequests()).toBe(2);
    await client().sendText('oc_chat1', 'another instance');
    expect(mock.tokenRequests()).toBe(3);
  });

  it('shares one token fetch between concurrent calls', async () => {
    const c = client();
    await Promise.all([c.sendText('oc_a', '1'), c.sendText('oc_a', '2'), c.sendText('oc_a', '3')]);
    expect(mock.tokenRequests()).toBe(1);
  });

  it('refetches once when the platform rejects the token', async () => {
    const c = client();
    await c.sendText('oc_chat1', 'warm up');
    mock.revokeTokens();
    expect(await c.sendText('oc_chat1', 'after revoke')).toStartWith('om_');
    expect(mock.tokenRequests()).toBe(2);
  });

  it('reports bad credentials as an API error without leaking the secret', async () => {
    const error = await client({ appSecret: 'wrong-secret-value-123' }).sendText('oc_x', 'hi').catch((e) => e);
    expect(error).toBeInstanceOf(FeishuApiError);
    expect(error.apiCode).toBe(10014);
    expect(error.message).not.toContain('wrong-secret-value-123');
  });
});

describe('Feishu client: calls', () => {
  it('sends a message to a chat with JSON-string content', async () => {
    const id = await client().sendMessage('oc_chat1', 'interactive', { config: { update_multi: true }, elements: [] }, { uuid: 'u-1' });
    expect(id).toStartWith('om_sent');
    const sent = mock.requests.find((r) => r.path === '/im/v1/messages')!;
    expect(sent.query).toEqual({ receive_id_type: 'chat_id' });
    expect(sent.json).toEqual({ receive_id: 'oc_chat1', msg_type: 'interactive', content: '{"config":{"update_multi":true},"elements":[]}', uuid: 'u-1' });
  });

  it('sends a thread reply to a chat with parent_id', async () => {
    expect(await client().sendMessage('oc_chat1', 'text', { text: 'answer' }, { parentId: 'om_parent' })).toStartWith('om_sent');
    const sent = mock.requests.find((r) => r.path === '/im/v1/messages')!;
    expect(sent.query).toEqual({ receive_id_type: 'chat_id' });
    expect(sent.json).toEqual({ receive_id: 'oc_chat1', msg_type: 'text', content: '{"text":"answer"}', parent_id: 'om_parent' });
  });

  it('replies in a thread through the reply endpoint', async () => {
    expect(await client().replyMessage('om_parent', 'text', { text: 'in thread' })).toStartWith('om_reply');
    const sent = mock.requests.find((r) => r.path === '/im/v1/messages/om_parent/reply')!;
    expect(sent.json).toEqual({ msg_type: 'text', content: '{"text":"in thread"}', reply_in_thread: true });
  });

  it('patches a card', async () => {
    await client().patchCard('om_card', { config: { update_multi: true }, elements: [{ tag: 'markdown', content: 'done' }] });
    const sent = mock.requests.find((r) => r.method === 'PATCH')!;
    expect(sent.path).toBe('/im/v1/messages/om_card');
    expect(JSON.parse(sent.json.content).elements[0].content).toBe('done');
  });

  it('uploads an image and a file as multipart', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(await client().uploadImage(png, 'shot.png')).toBe('img_v3_mock');
    expect(await client().uploadFile(new TextEncoder().encode('log text'), 'run.log', 'stream')).toBe('file_v3_mock');
    const image = mock.requests.find((r) => r.path === '/im/v1/images')!;
    expect(image.form).toEqual({ image_type: 'message', image: { name: 'shot.png', size: 7, type: expect.any(String) } });
    const file = mock.requests.find((r) => r.path === '/im/v1/files')!;
    expect(file.form).toMatchObject({ file_type: 'stream', file_name: 'run.log', file: { name: 'run.log', size: 8 } });
  });
});

describe('Feishu client: errors and retries', () => {
  it('raises the platform code, msg and body even when the HTTP status is 4xx', async () => {
    const error = await client().sendText('bad-chat', 'hi').catch((e) => e);
    expect(error).toBeInstanceOf(FeishuApiError);
    expect(error.apiCode).toBe(230001);
    expect(error.msg).toContain('ext=invalid receive_id');
    expect(error.httpStatus).toBe(400);
    expect(error.body).toMatchObject({ code: 230001 });
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    const c = client();
    await c.tenantToken();
    mock.failNext('/im/v1/messages', 429, { code: 99991400, msg: 'request trigger frequency limit' }, { 'retry-after': '0' });
    mock.failNext('/im/v1/messages', 503, 'upstream unavailable');
    expect(await c.sendText('oc_chat1', 'eventually')).toStartWith('om_');
    expect(mock.requests.filter((r) => r.path === '/im/v1/messages')).toHaveLength(3);
  });

  it('gives up after the retries with the last error', async () => {
    const c = client({ retries: 2 });
    await c.tenantToken();
    for (let i = 0; i < 3; i++) mock.failNext('/im/v1/images', 500, '<html>oops</html>');
    const error = await c.uploadImage(new Uint8Array([1])).catch((e) => e);
    expect(error).toBeInstanceOf(FeishuHttpError);
    expect(error.httpStatus).toBe(500);
    expect(mock.requests.filter((r) => r.path === '/im/v1/images')).toHaveLength(3);
  });

  it('never logs the secret or the token', async () => {
    const lines: string[] = [];
    const log = createLogger('feishu-test', 5);
    log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
    const c = client({ log });
    const token = await c.tenantToken();
    mock.failNext('/im/v1/messages', 500, 'busy');
    await c.sendText('oc_chat1', 'x');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(appSecret);
    expect(lines.join('\n')).not.toContain(token);
  });
});
