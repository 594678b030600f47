import { writeFileAtomic } from '@devhub/shared';
import { waitFor } from '@devhub/shared/testing';
import { afterAll, describe, expect, it } from 'bun:test';
import { stringify } from 'yaml';
import { configPath } from '../../src/config/paths';
import { message, sseFrames } from '../helpers/mock-upstream';
import { configFor, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const KEY = 'sk-midstream-test-key-0001';
const first = sseFrames('never finished')[0]!;

/**
 * A vendor that answers 200 and one SSE frame, then, once the client has that frame, drops the TCP
 * connection (no terminating chunk): what a crashing or restarting upstream does mid-answer.
 */
let drop: () => void = () => {};
const vendor = Bun.listen({
  hostname: '127.0.0.1',
  port: 0,
  socket: {
    data(socket, data) {
      if (!data.toString().includes('\r\n\r\n')) return;
      const chunk = Buffer.from(first);
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n${chunk.byteLength.toString(16)}\r\n${first}\r\n`);
      socket.flush();
      drop = () => socket.terminate();
    },
  },
});
afterAll(() => vendor.stop(true));

describe('a stream the upstream drops after its 200', () => {
  it('breaks the client connection and logs one clear line, no stack trace', async () => {
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ mm: { url: `http://127.0.0.1:${vendor.port}`, keys: [KEY] } })));
    const proxy = await spawnProxy(dir);
    try {
      const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', stream: true, max_tokens: 5, messages: [] }) });
      expect(res.status).toBe(200);
      // A truncated stream must not look complete: reading it fails instead of ending cleanly.
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while (received.length < first.length) received += decoder.decode((await reader.read()).value);
      expect(received).toBe(first);
      drop();
      await expect(reader.read()).rejects.toThrow();
      await waitFor(() => proxy.output().includes('the upstream broke off the response'), 'the broke-off log line');
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    const lines = proxy.output().split('\n');
    const after = lines.slice(lines.findIndex((l) => l.includes('listening on')) + 1).filter((l) => l.trim() !== '');
    expect(after.filter((l) => l.includes('broke off'))).toEqual([expect.stringContaining('mm#1: the upstream broke off the response after')]);
    // One line per log entry: no blank line framing the warning.
    expect(proxy.output().split('\n').slice(0, -1).filter((l) => l.trim() === '')).toEqual([]);
    expect(after.filter((l) => /^\s+at /.test(l) || /^error:/i.test(l.trim()) || /\bTypeError\b|ECONNRESET/.test(l))).toEqual([]);
    expect(proxy.output()).not.toContain(KEY);
  }, 60_000);
});

describe('a client that leaves in the middle of a stream', () => {
  it('logs that the client left (not the upstream), and the upstream call is cancelled', async () => {
    let cancelled = false;
    const held = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch: () => new Response(new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
        },
        cancel() {
          cancelled = true;
        },
      }), { headers: { 'content-type': 'text/event-stream' } }),
    });
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ mm: { url: `http://127.0.0.1:${held.port}`, keys: [KEY] } })));
    const proxy = await spawnProxy(dir);
    try {
      const client = new AbortController();
      const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', stream: true, max_tokens: 5, messages: [] }), signal: client.signal });
      const reader = res.body!.getReader();
      await reader.read();
      client.abort();
      await waitFor(() => proxy.output().includes('mm#1: the client left after'), 'the client-left log line');
      await waitFor(() => cancelled, 'the upstream call to be cancelled');
      expect(proxy.output()).not.toContain('the upstream broke off');
    } finally {
      expect(await proxy.stop()).toBe(0);
      await held.stop(true);
    }
  }, 60_000);
});

describe('an answer the translation to an OpenAI client cannot take whole', () => {
  it('cuts a stream that ends without message_stop with one clear line, no stack trace; a message without an id gets one', async () => {
    // A Messages vendor that ends its stream early but cleanly (no message_stop), and answers
    // non-streaming requests with a message that has no id, as some compatible vendors do.
    const vendor = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (request) => {
        const { stream } = (await request.json()) as { stream?: boolean };
        if (stream) return new Response(sseFrames('cut short').slice(0, -1).join(''), { headers: { 'content-type': 'text/event-stream' } });
        const { id: _id, ...withoutId } = message('whole');
        return Response.json(withoutId);
      },
    });
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ mm: { url: `http://127.0.0.1:${vendor.port}`, keys: [KEY] } })));
    const proxy = await spawnProxy(dir);
    try {
      const ask = (path: string, body: Record<string, unknown>) => fetch(`${proxy.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'sonnet', ...body }) });
      const chat = await ask('/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }] });
      expect(chat.status).toBe(200);
      const completion = (await chat.json()) as { id: string; choices: { message: { content: string } }[] };
      expect(completion.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
      expect(completion.choices[0]!.message.content).toBe('whole');
      const responses = await ask('/v1/responses', { input: 'hi' });
      expect(responses.status).toBe(200);
      expect(((await responses.json()) as { id: string }).id).toMatch(/^resp_[0-9a-f]{24}$/);

      // A truncated stream must not look complete: reading it fails instead of ending cleanly (here
      // the whole short stream is in before the response starts, so even its headers never come).
      await expect((async () => (await ask('/v1/chat/completions', { stream: true, messages: [{ role: 'user', content: 'hi' }] })).text())()).rejects.toThrow();
      await waitFor(() => proxy.output().includes('could not be translated'), 'the cut-stream log line');
    } finally {
      expect(await proxy.stop()).toBe(0);
      vendor.stop(true);
    }
    const lines = proxy.output().split('\n');
    const after = lines.slice(lines.findIndex((l) => l.includes('listening on')) + 1).filter((l) => l.trim() !== '');
    expect(after.filter((l) => l.includes('could not be translated'))).toEqual([
      expect.stringContaining("/v1/chat/completions: the upstream's stream could not be translated (the upstream stream ended before message_stop); the client's stream was cut"),
    ]);
    expect(after.filter((l) => /^\s+at /.test(l) || /^error:/i.test(l.trim()) || /\bTypeError\b|ECONNRESET|\d+ \|/.test(l))).toEqual([]);
  }, 60_000);
});
