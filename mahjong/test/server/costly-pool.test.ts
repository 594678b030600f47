/**
 * Analyses and reviews run off the server's thread: a client sending many cannot hold the server
 * (live games, every other request), and past the queue's bound it is told to come back, at once.
 * Over a real socket, as a client on the network would.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { createConsola } from 'consola';
import { createApp } from '../../src/app';
import { MAX_JOBS_PER_CLIENT, MAX_QUEUED_JOBS } from '../../src/modules/replay/costly-pool';
import { postFrom } from './from-address';
import { SAMPLE } from './helpers';

const app = createApp({ log: createConsola({ level: -999 }) }).listen({ hostname: '127.0.0.1', port: 0 });
afterAll(() => app.stop(true));
const base = `http://127.0.0.1:${app.server!.port}`;

const sampleXml = async () => (await fetch(`${base}/api/replay/builtin/${SAMPLE}`)).text();
const review = (xml: string) => fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: xml }) });

describe('the costly-work pool (analysis, review, steps)', () => {
  it('keeps the server answering while reviews run: a request sent after eight reviews is answered before most of them', async () => {
    const xml = await sampleXml();
    const order: string[] = [];
    const reviews = Array.from({ length: 8 }, (_, i) => review(xml).then(async (r) => { await r.arrayBuffer(); order.push(`review ${i}: ${r.status}`); }));
    await Bun.sleep(20);
    const health = fetch(`${base}/api/health`).then(async (r) => { await r.text(); order.push(`health: ${r.status}`); });
    await Promise.all([...reviews, health]);
    // On the server's own thread the health check waited for every review sent before it (≈ 2 s).
    expect(order.indexOf('health: 200')).toBeLessThan(2);
    expect(order.filter((o) => o.endsWith(': 200'))).toHaveLength(9);
  }, 60_000);

  it(`turns away what would wait behind ${MAX_QUEUED_JOBS} queued jobs with 503 SERVER_BUSY and Retry-After; the rest are answered`, async () => {
    const xml = await sampleXml();
    const answers = await Promise.all(Array.from({ length: MAX_QUEUED_JOBS + 6 }, async () => {
      const r = await review(xml);
      return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as { code?: string } };
    }));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) expect([a.body.code, a.retryAfter]).toEqual(['SERVER_BUSY', '5']);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(MAX_QUEUED_JOBS);
    // The same review once the queue is free again.
    expect((await review(xml)).status).toBe(200);
  }, 120_000);

  it('gives the same errors as before: a log that is not one is 400 INVALID_MJLOG with its line and column', async () => {
    const r = await fetch(`${base}/api/replay/analysis`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: '<mjloggm ver="2.3"><INIT seed=' }) });
    const body = (await r.json()) as { code: string; detail: string };
    expect(r.status).toBe(400);
    expect(body.code).toMatch(/INVALID_MJLOG|UNKNOWN_LOG_FORMAT/);
  });

  it(`gives one address at most ${MAX_JOBS_PER_CLIENT} jobs at once (429 TOO_MANY_FOR_CLIENT past that), so one client cannot take every place; another address still gets its review`, async () => {
    const limited = createApp({ log: createConsola({ level: -999 }), maxPerClient: 20 }).listen({ hostname: '127.0.0.1', port: 0 });
    try {
      const port = limited.server!.port!;
      const xml = await sampleXml();
      const from = (address: string) => postFrom(address, port, '/api/replay/review', { xml_content: xml });
      const [flood, other] = await Promise.all([
        Promise.all(Array.from({ length: MAX_JOBS_PER_CLIENT + 4 }, () => from('127.0.8.2'))),
        Bun.sleep(50).then(() => from('127.0.8.3')),
      ]);
      expect(flood.filter((a) => a.status === 200)).toHaveLength(MAX_JOBS_PER_CLIENT);
      const refused = flood.filter((a) => a.status !== 200);
      expect(refused.map((a) => [a.status, a.json.code, a.retryAfter])).toEqual(refused.map(() => [429, 'TOO_MANY_FOR_CLIENT', '5']));
      expect(other.status).toBe(200);
      // Its places come back once its jobs are done.
      expect((await from('127.0.8.2')).status).toBe(200);
    } finally {
      await limited.stop(true);
    }
  }, 120_000);
});
