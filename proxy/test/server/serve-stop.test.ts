import { writeFileAtomic } from '@devhub/shared';
import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath, listenFilePath, pidFilePath } from '../../src/config/paths';
import { startMockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { configFor, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const encoder = new TextEncoder();
let cancelled = false;
/** An upstream that keeps a stream open and pings forever, like a model that thinks for a long time. */
const upstream = await startMockUpstream(() => {
  let timer: ReturnType<typeof setInterval>;
  return new Response(new ReadableStream({
    start(c) {
      c.enqueue(encoder.encode('event: ping\ndata: {"type":"ping"}\n\n'));
      timer = setInterval(() => { try { c.enqueue(encoder.encode('event: ping\ndata: {"type":"ping"}\n\n')); } catch { clearInterval(timer); } }, 200);
    },
    cancel() { cancelled = true; clearInterval(timer); },
  }), { headers: { 'content-type': 'text/event-stream' } });
});
afterAll(() => upstream.stop());

describe('stopping serve', () => {
  it('SIGTERM/Ctrl-C with a stream in flight exits at once, cancels the upstream and cleans up', async () => {
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ a: { url: upstream.url, keys: ['sk-stop-test-key-1234'] } })));
    const proxy = await spawnProxy(dir);
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', stream: true, max_tokens: 5, messages: [] }) });
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // Without closing open connections, serve waited for this endless stream and never exited.
    const exit = await Promise.race([proxy.stop(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    if (exit === 'hung') proxy.proc.kill('SIGKILL');
    expect(exit).toBe(0);
    await waitFor(() => cancelled, 'the upstream stream to be cancelled', 10_000);
    expect(existsSync(pidFilePath(dir))).toBe(false);
    expect(existsSync(listenFilePath(dir))).toBe(false);
    await reader.cancel().catch(() => {});
  }, 60_000);
});
