import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_TYPES, ClientMessages, ServerMessages } from '../../src/modules/ws/model';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('ws-doc');
let server: RunningServer;
let doc: { asyncapi: string; channels: Record<string, any>; operations: Record<string, any>; components: { messages: Record<string, { payload: object }> } };

beforeAll(async () => {
  server = await startTestServer(env.config());
  const res = await fetch(`${server.url}/docs/asyncapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => teardown(() => server?.stop(), env.cleanup));

describe('the WebSocket protocol document (/docs/asyncapi.json)', () => {
  it('publishes every client and server message with the schema the socket validates with', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(Object.values(doc.channels).map((c) => c.address)).toEqual(['/api/v1/ws', '/api/v1/ws/{channel_id}']);
    for (const type of CLIENT_TYPES) {
      expect(doc.components.messages[`client.${type}`]!.payload).toEqual(JSON.parse(JSON.stringify(ClientMessages[type])));
    }
    for (const [type, schema] of Object.entries(ServerMessages)) {
      expect(doc.components.messages[`server.${type}`]!.payload).toEqual(JSON.parse(JSON.stringify(schema)));
    }
    // Every reference in channels and operations resolves.
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/[^"]+"/g)!.map((r) => r.slice(9, -1).split('/').slice(1));
    for (const path of refs) expect(path.reduce<any>((node, key) => node?.[key], doc)).toBeDefined();
  });

  it('documents exactly what the socket sends: every reply of a session round trip matches its published schema', async () => {
    const work = join(env.dir, 'work');
    mkdirSync(work);
    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
    try {
      // The published payloads are these schemas (previous test), so checking against them checks the document.
      const check = (reply: Record<string, unknown>) => {
        expect(doc.components.messages[`server.${String(reply.type)}`]).toBeDefined();
        const schema = ServerMessages[reply.type as keyof typeof ServerMessages];
        expect({ reply, errors: [...Value.Errors(schema, reply)].map((e) => `${e.path}: ${e.message}`) }).toEqual({ reply, errors: [] });
        return reply;
      };
      check(await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'doc' }));
      await waitFor(async () => (check(await ws.request({ type: 'capture.pane', channel_id: 'doc' })).content as string).trim(), 'prompt');
      check(await ws.request({ type: 'input', channel_id: 'doc', text: 'echo documented' }));
      check(await ws.request({ type: 'key', channel_id: 'doc', key: 'Enter' }));
      check(await ws.request({ type: 'input.raw', channel_id: 'doc', text: 'true' }));
      check(await ws.request({ type: 'session.list' }));
      check(await ws.request({ type: 'transcript.get', channel_id: 'doc' }));
      check(await ws.request({ type: 'pane.subscribe', channel_id: 'doc' }));
      check(await ws.next((m) => m.type === 'pane.output'));
      check(await ws.request({ type: 'pane.unsubscribe', channel_id: 'doc' }));
      check(await ws.request({ type: 'verbose.set', channel_id: 'doc', enabled: true }));
      check(await ws.request({ type: 'verbose.set', enabled: false })); // no channel: the no-op reply
      check(await ws.request({ type: 'wizard.browse', path: env.dir }));
      check(await ws.request({ type: 'wizard.mkdir', name: join(work, 'made') }));
      check(await ws.request({ type: 'capture.screenshot', channel_id: 'doc' })); // no renderer: an error reply
      check(await ws.request({ type: 'ping' }));
      check(await ws.request({ type: 'teleport' }));
      check(await ws.request({ type: 'session.close', channel_id: 'doc' }));
      check(await ws.next((m) => m.type === 'window.change'));
    } finally {
      ws.close();
    }
  });

  it('refuses a message its schema refuses, with the field named', async () => {
    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/doc2`);
    try {
      expect(Value.Check(ClientMessages.key, { type: 'key', key: '' })).toBe(false);
      expect((await ws.request({ type: 'key', key: '' })).message).toStartWith('key: ');
      expect((await ws.request({ type: 'input', text: 'x', literal: 1 })).message).toBe('literal must be a boolean');
      expect((await ws.request({ type: 'input' })).message).toBe('text required');
      // null counts as absent, as before the schemas: the channel socket's own channel is used.
      expect((await ws.request({ type: 'capture.pane', channel_id: null })).message).toBe('No session for channel doc2');
    } finally {
      ws.close();
    }
  });
});
