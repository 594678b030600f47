import { describe, expect, it, spyOn } from 'bun:test';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { type FeishuInbound, readPushedEvent, readWebhook, type SignatureHeaders, WebhookRejected } from '../../src/feishu/events';

// Deliveries built here with node:crypto from the platform's documented recipe, independently of
// the code under test: AES-256-CBC with key SHA-256(encrypt_key), base64(iv ‖ ciphertext);
// X-Lark-Signature = sha256(timestamp + nonce + encrypt_key + body); old card callbacks
// sha1(timestamp + nonce + verification_token + body).
const TOKEN = 'verification-token-123';
const KEY = 'encrypt-key-456';
const NOW = 1_760_000_000;
const plain = { verificationToken: TOKEN, encryptKey: '' };
const encrypted = { verificationToken: TOKEN, encryptKey: KEY };
const unsigned: SignatureHeaders = { timestamp: null, nonce: null, signature: null };

function encryptText(text: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update(KEY).digest(), iv);
  return JSON.stringify({ encrypt: Buffer.concat([iv, cipher.update(text), cipher.final()]).toString('base64') });
}
const encrypt = (payload: unknown) => encryptText(JSON.stringify(payload));
const sign = (body: string, secret = KEY, algo = 'sha256', timestamp = String(NOW)) =>
  ({ timestamp, nonce: 'n0nce', signature: createHash(algo).update(timestamp + 'n0nce' + secret + body).digest('hex') });
const event = (type: string, body: unknown, token = TOKEN) => ({ schema: '2.0', header: { event_id: 'ev1', event_type: type, token, create_time: '1', app_id: 'cli_x', tenant_key: 't' }, event: body });
function rejected(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookRejected);
    return { status: (error as WebhookRejected).status, message: (error as Error).message };
  }
  throw new Error('expected a rejection');
}
const read = (raw: string, headers = unsigned, secrets = plain): FeishuInbound => readWebhook(raw, headers, secrets, NOW);

describe('Feishu webhook deliveries', () => {
  it('reads a text message: sender ids, chat, thread, and the text without @ mentions', () => {
    const body = JSON.stringify(event('im.message.receive_v1', {
      sender: { sender_id: { open_id: 'ou_a', user_id: 'u_a', union_id: 'on_a' }, sender_type: 'user' },
      message: {
        message_id: 'om_1', root_id: 'om_root', thread_id: 'omt_9', chat_id: 'oc_1', chat_type: 'group', message_type: 'text',
        content: JSON.stringify({ text: '@_user_1 /new shell ~/x' }), mentions: [{ key: '@_user_1', id: { open_id: 'ou_bot' }, name: 'bot' }],
      },
    }));
    expect(read(body)).toEqual({
      kind: 'message', eventId: 'ev1', sender: { openId: 'ou_a', aliases: ['u_a', 'on_a'] }, senderType: 'user', chatId: 'oc_1', chatType: 'group',
      messageId: 'om_1', threadId: 'omt_9', rootId: 'om_root', messageType: 'text', text: '/new shell ~/x',
    });
  });

  it('reads the text of a rich-text (post) message', () => {
    const content = { title: 'Run', content: [[{ tag: 'text', text: 'echo ' }, { tag: 'text', text: 'hi' }], [{ tag: 'code_block', language: 'bash', text: 'ls' }]] };
    const body = JSON.stringify(event('im.message.receive_v1', { sender: { sender_id: { open_id: 'ou_a' }, sender_type: 'user' }, message: { message_id: 'om_2', chat_id: 'oc_1', message_type: 'post', content: JSON.stringify(content) } }));
    expect((read(body) as { text: string }).text).toBe('Run\necho hi\n\nls');
  });

  it('reads a card.action.trigger callback and an old-style card callback signed with the verification token', () => {
    const trigger = JSON.stringify(event('card.action.trigger', {
      operator: { open_id: 'ou_a', user_id: 'u_a' }, token: 'c-1', action: { tag: 'button', value: { w: '@3', o: '1', p: 'abc' } },
      host: 'im_message', context: { open_message_id: 'om_card', open_chat_id: 'oc_1' },
    }));
    expect(read(trigger)).toEqual({ kind: 'card', legacy: false, eventId: 'ev1', operator: { openId: 'ou_a', aliases: ['u_a'] }, chatId: 'oc_1', messageId: 'om_card', value: { w: '@3', o: '1', p: 'abc' } });
    const old = JSON.stringify({ open_id: 'ou_a', user_id: 'u_a', open_message_id: 'om_card', open_chat_id: 'oc_1', tenant_key: 't', token: 'c-2', action: { tag: 'button', value: JSON.stringify({ w: '@3', o: '2', p: 'abc' }) } });
    expect(read(old, sign(old, TOKEN, 'sha1'))).toMatchObject({ kind: 'card', legacy: true, messageId: 'om_card', value: { w: '@3', o: '2', p: 'abc' } });
    expect(rejected(() => read(old, sign(old, 'other-token', 'sha1'))).status).toBe(401);
    expect(rejected(() => read(old)).status).toBe(401);
  });

  it('checks the verification token, and ignores events it does not handle', () => {
    const body = JSON.stringify(event('im.chat.member.bot.added_v1', {}));
    expect(read(body)).toEqual({ kind: 'ignored', reason: 'event im.chat.member.bot.added_v1' });
    expect(rejected(() => read(JSON.stringify(event('im.message.receive_v1', {}, 'wrong')))).message).toBe('wrong verification token');
    expect(read(JSON.stringify({ uuid: 'u', token: TOKEN, ts: '1', type: 'event_callback', event: { type: 'message' } }))).toMatchObject({ kind: 'ignored' });
    expect(rejected(() => read(JSON.stringify({ schema: '2.0', header: { event_type: 'x', token: TOKEN }, event: {} }))).status).toBe(400);
    expect(read(JSON.stringify({ type: 'url_verification', challenge: 'c1', token: TOKEN }))).toEqual({ kind: 'challenge', challenge: 'c1' });
  });

  it('with an Encrypt Key: decrypts, requires a fresh valid signature on events (not on the URL check), refuses plain text', () => {
    const challenge = encrypt({ type: 'url_verification', challenge: 'c2', token: TOKEN });
    expect(read(challenge, unsigned, encrypted)).toEqual({ kind: 'challenge', challenge: 'c2' });
    const raw = encrypt(event('im.message.receive_v1', { sender: { sender_id: { open_id: 'ou_a' }, sender_type: 'user' }, message: { message_id: 'om_3', chat_id: 'oc_1', message_type: 'text', content: '{"text":"hi"}' } }));
    expect(read(raw, sign(raw), encrypted)).toMatchObject({ kind: 'message', text: 'hi' });
    expect(rejected(() => read(raw, unsigned, encrypted)).status).toBe(401);
    expect(rejected(() => read(raw, { ...sign(raw), signature: sign(`${raw} `).signature }, encrypted)).message).toBe('bad signature');
    expect(rejected(() => read(raw, sign(raw, KEY, 'sha256', String(NOW - 90_000)), encrypted)).message).toContain('too old');
    const inPlain = JSON.stringify(event('im.message.receive_v1', {}));
    expect(rejected(() => read(inPlain, sign(inPlain), encrypted)).status).toBe(400);
    expect(rejected(() => read(raw, sign(raw), { verificationToken: TOKEN, encryptKey: 'another-key' })).status).toBe(401);
    expect(rejected(() => read(raw, sign(raw), plain)).message).toContain('no encrypt_key is configured');
    expect(rejected(() => read('{"encrypt": 5')).status).toBe(400);
  });

  it('refuses a body nested deeper than 32 levels, plain or once decrypted, before JSON.parse sees it', () => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`; // 1 MB: within the webhook's 1 MiB
    const deepInside = encryptText(`{"schema":"2.0","event":${'['.repeat(300_000)}${']'.repeat(300_000)}}`);
    const parse = spyOn(JSON, 'parse');
    try {
      expect(rejected(() => read(deep))).toEqual({ status: 400, message: 'body is nested deeper than 32 levels' });
      expect(rejected(() => read(deep, unsigned, encrypted))).toEqual({ status: 400, message: 'body is nested deeper than 32 levels' });
      expect(rejected(() => readPushedEvent(deep, ''))).toEqual({ status: 400, message: 'event is nested deeper than 32 levels' });
      expect(parse).not.toHaveBeenCalled();
      expect(rejected(() => read(deepInside, sign(deepInside), encrypted))).toEqual({ status: 400, message: 'decrypted body is nested deeper than 32 levels' });
      // Only the outer `{"encrypt": …}` was parsed.
      expect(parse.mock.calls.map(([text]) => text)).toEqual([deepInside]);
    } finally {
      parse.mockRestore();
    }
    // A message's content is JSON in a string: one nested that deep has no text.
    const content = JSON.stringify(event('im.message.receive_v1', { sender: { sender_id: { open_id: 'ou_a' }, sender_type: 'user' }, message: { message_id: 'om_4', chat_id: 'oc_1', message_type: 'text', content: `{"text":"hi","x":${'['.repeat(100)}${']'.repeat(100)}}` } }));
    expect(read(content)).toMatchObject({ kind: 'message', text: '' });
  });

  it('refuses a delivery encrypted with another key even when its padding happens to check out under ours', () => {
    // AES-CBC has no integrity check: about one ciphertext in 256 made with KEY still has valid
    // PKCS#7 padding under another key, and decrypts to garbage. Find one.
    const other = 'another-key';
    const lucky = (raw: string) => {
      const data = Buffer.from((JSON.parse(raw) as { encrypt: string }).encrypt, 'base64');
      const decipher = createDecipheriv('aes-256-cbc', createHash('sha256').update(other).digest(), data.subarray(0, 16));
      try {
        Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
        return true;
      } catch {
        return false;
      }
    };
    let raw = encrypt(event('im.message.receive_v1', {}));
    for (let i = 0; i < 20_000 && !lucky(raw); i++) raw = encrypt(event('im.message.receive_v1', {}));
    expect(lucky(raw)).toBe(true);
    // Before: 400 "decrypted body is not JSON", in about one run in 256 of the test above.
    const refusal = rejected(() => read(raw, sign(raw), { verificationToken: TOKEN, encryptKey: other }));
    expect(refusal).toEqual({ status: 401, message: 'body does not decrypt with the configured encrypt_key' });
  });
});
