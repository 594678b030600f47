/**
 * HTTP over a real socket whose source address is `from` (any 127.x.y.z is this machine's
 * loopback), so a server on 127.0.0.1 sees a different peer address per `from`: how tests act as
 * several clients. Imported as `@devhub/shared/testing-address`.
 */
import { request } from 'node:http';
import { runAsNobody } from './testing';

export interface Answer { status: number; retryAfter: string | undefined; json: any }

export function requestFrom(from: string, port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, path, method, localAddress: from, agent: false,
      headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
    }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { raw += c; });
      res.on('end', () => {
        let json: any = null;
        try { json = JSON.parse(raw); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One request of `statusesAsNobody`: `from` a loopback source address (default 127.0.0.1). */
export interface NobodyRequest { method: string; path: string; headers?: Record<string, string>; from?: string; body?: string }

/**
 * Sends `requests` one after another to 127.0.0.1:`port` as user nobody, another local user's
 * program (`runAsNobody`: root with setpriv, see `canRunAsNobody`): the uid it ran as and each
 * answer's status.
 */
export async function statusesAsNobody(port: number, requests: NobodyRequest[]): Promise<{ uid: number; statuses: number[] }> {
  const code = `const requests = ${JSON.stringify(requests)};
    const statuses = [];
    for (const r of requests) {
      statuses.push(await new Promise((resolve, reject) => {
        const req = require('node:http').request({ host: '127.0.0.1', port: ${port}, path: r.path, method: r.method, agent: false,
          ...(r.from ? { localAddress: r.from } : {}), headers: r.headers ?? {} }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
        req.on('error', reject);
        req.end(r.body);
      }));
    }
    console.log(JSON.stringify({ uid: process.getuid(), statuses }));`;
  const { out, err, exitCode } = await runAsNobody(code);
  if (exitCode !== 0 || err !== '') throw new Error(`the requests as nobody failed (exit ${exitCode}): ${err}`);
  return JSON.parse(out) as { uid: number; statuses: number[] };
}
