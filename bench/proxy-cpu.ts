#!/usr/bin/env bun
/**
 * CPU time per request, thread by thread, of `modelproxy serve` and of the bare forwarder (issue #15),
 * at each request size: where the time a proxy adds is spent (the JavaScript thread, Bun's fetch
 * thread, or the collector and JIT threads, which compete with the request path on a small machine).
 * The targets run one after the other, not in turns; on the 2-vCPU development machine a figure
 * moved by 5–20 % between runs. Linux only: the time each thread ran is read from
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds).
 *
 *   bun bench/proxy-cpu.ts                 (ping, session, screenshot; N=3000 ping round trips per
 *                                           target, 1/5 of it for the session, 1/15 for the screenshot;
 *                                           first JIT_WARMUP=12000 round trips of the sizes mixed, then
 *                                           WARMUP=1500 pings' worth of each size)
 *   ACCOUNTING=false bun bench/proxy-cpu.ts   (modelproxy without token accounting)
 *   ROOT=<tree> bun bench/proxy-cpu.ts     (modelproxy from another source tree)
 *
 * Threads: `main` runs the JavaScript (the handler, the records); `HTTP Client` is Bun's fetch
 * thread (the upstream call); the rest (collector, JIT, allocator) are summed as `other`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { BODIES } from './proxy-bodies';
import { JIT_WARMUP, roundTrip, SIZE_SCALE, warmUp } from './proxy-measure';
import { startFloor, startMock, startModelproxy, type Target } from './proxy-targets';

const N = Number(process.env.N ?? 3000);
const WARMUP = Number(process.env.WARMUP ?? 1500);
const SIZES = process.env.SIZES?.split(',') ?? Object.keys(SIZE_SCALE);

/** Nanoseconds each thread of `pid` has run, by thread id, with the thread's name. */
function threadTimes(pid: number): Map<string, { name: string; ns: number }> {
  const out = new Map<string, { name: string; ns: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      out.set(tid, { name: tid === String(pid) ? 'main' : name, ns });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** µs per request by thread group (main, HTTP Client, other) between two readings. */
function perRequest(before: Map<string, { ns: number }>, after: Map<string, { name: string; ns: number }>, requests: number) {
  const groups = { main: 0, 'HTTP Client': 0, other: 0 };
  for (const [tid, { name, ns }] of after) {
    const group = name === 'main' || name === 'HTTP Client' ? name : 'other';
    groups[group] += (ns - (before.get(tid)?.ns ?? 0)) / 1000 / requests;
  }
  return groups;
}

const mock = await startMock();
const targets: Target[] = [];
try {
  targets.push(await startFloor(mock.url));
  targets.push(await startModelproxy(mock.url, { accounting: process.env.ACCOUNTING !== 'false', name: 'modelproxy', root: process.env.ROOT }));
  const bodies = BODIES.filter((b) => SIZES.includes(b.name));
  for (const t of targets) await warmUp(t.url, bodies, JIT_WARMUP);
  console.log(`modelproxy CPU per request — ${new Date().toISOString()}, bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs; µs per round trip, by thread`);
  console.log('size        target       main   HTTP Client   other   all    main / bare main');
  for (const body of bodies) {
    const n = Math.ceil(N / SIZE_SCALE[body.name]!);
    const warm = Math.ceil(WARMUP / SIZE_SCALE[body.name]!);
    const rows: Array<{ name: string; main: number; http: number; other: number }> = [];
    for (const t of targets) {
      for (let i = 0; i < warm; i++) await roundTrip(t.url, body.json);
      const before = threadTimes(t.pid!);
      for (let i = 0; i < n; i++) await roundTrip(t.url, body.json);
      const g = perRequest(before, threadTimes(t.pid!), n);
      rows.push({ name: t.name, main: g.main, http: g['HTTP Client'], other: g.other });
    }
    const bareMain = rows[0]!.main;
    for (const r of rows) {
      const ratio = r === rows[0] ? '' : `${(r.main / bareMain).toFixed(2)}× (+${(r.main - bareMain).toFixed(0)} µs)`;
      console.log(`${body.name.padEnd(11)} ${r.name.padEnd(11)} ${r.main.toFixed(0).padStart(5)}   ${r.http.toFixed(0).padStart(11)}   ${r.other.toFixed(0).padStart(5)}  ${(r.main + r.http + r.other).toFixed(0).padStart(5)}    ${ratio}`);
    }
  }
} finally {
  for (const t of targets) await t.stop();
  await mock.stop();
}
