import { afterAll, describe, expect, it } from 'bun:test';
import { teardown, waitFor } from '../helpers/gateway';
import { startMockFeishuPlatform } from './helpers/mock-feishu';
import { startMockFeishuLongConnection } from './helpers/mock-feishu-ws';
import { header } from './helpers/protobuf';

// The platform's own Node SDK (a dev dependency) as the client of the mock long-connection
// service: if the official WSClient connects, pings, reassembles and acks against the mock, the
// mock speaks the real format, and so does the gateway's client that the other tests run against it.
// Skipped when the SDK is not installed (an offline install without it).
const sdk = await import('@larksuiteoapi/node-sdk').catch(() => null);
const APP = { appId: 'cli_a9b8c7d6e5f40312', appSecret: 'sdk-conformance-SECRET-42', verificationToken: 'v', encryptKey: '' };
const platform = startMockFeishuPlatform(APP);
const lc = startMockFeishuLongConnection(platform, APP, { PingInterval: 0.2, ReconnectCount: -1, ReconnectInterval: 0.1, ReconnectNonce: 0 });
afterAll(() => teardown(() => lc.stop(), () => platform.stop()));

describe('the official Feishu SDK against the mock long connection', () => {
  it.skipIf(!sdk)('connects with the endpoint URL, pings, and receives a split event that it acks with code 200', async () => {
    const lark = sdk!;
    const received: any[] = [];
    const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };
    const dispatcher = new lark.EventDispatcher({ logger: silent, loggerLevel: lark.LoggerLevel.error }).register({
      'im.message.receive_v1': async (data: any) => { received.push(data); },
    });
    const client = new lark.WSClient({ appId: APP.appId, appSecret: APP.appSecret, domain: lc.baseUrl.replace(/\/open-apis$/, ''), logger: silent, loggerLevel: lark.LoggerLevel.error });
    try {
      await client.start({ eventDispatcher: dispatcher });
      await waitFor(() => lc.open === 1, 'the SDK connected');
      expect(lc.endpointCalls.at(-1)!.body).toMatchObject({ AppID: APP.appId, AppSecret: APP.appSecret });
      await waitFor(() => lc.pings.length >= 1, 'a ping from the SDK');
      expect(lc.pings[0]!.service).toBe(lc.serviceId);

      const id = lc.say({ chat: 'oc_sdk', user: 'ou_sdk', text: 'hello from the mock' }, { parts: 2 });
      await waitFor(() => received.length === 1, 'the event handled by the SDK');
      expect(received[0].message.chat_id).toBe('oc_sdk');
      expect(JSON.parse(received[0].message.content)).toEqual({ text: 'hello from the mock' });
      const ack = await lc.ackOf(id);
      expect(ack.body.code).toBe(200);
      expect(header(ack.frame, 'biz_rt')).toBeDefined();
      expect(lc.problems).toEqual([]);
    } finally {
      client.close({ force: true });
    }
  }, 30_000);
});

describe('the official Feishu SDK against the mock Open API', () => {
  it.skipIf(!sdk)('downloads the file of a user\'s message (im.messageResource.get) as the gateway does', async () => {
    const lark = sdk!;
    const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };
    const client = new lark.Client({ appId: APP.appId, appSecret: APP.appSecret, domain: platform.baseUrl.replace(/\/open-apis$/, ''), logger: silent, loggerLevel: lark.LoggerLevel.error });
    const bytes = new TextEncoder().encode('a file the user sent\n');
    const event = platform.userMessage({ chat: 'oc_sdk', user: 'ou_sdk', text: '', type: 'file', file: { bytes, name: 'notes.txt' } }) as any;
    const { file_key } = JSON.parse(event.event.message.content);
    const answer = await client.im.messageResource.get({ path: { message_id: event.event.message.message_id, file_key }, params: { type: 'file' } });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.getReadableStream()) chunks.push(Buffer.from(chunk));
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(bytes);
    expect(platform.violations).toEqual([]);
  }, 30_000);
});
