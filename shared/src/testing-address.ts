/**
 * HTTP over a real socket whose source address is `from` (any 127.x.y.z is this machine's
 * loopback), so a server on 127.0.0.1 sees a different peer address per `from`: how tests act as
 * several clients. Imported as `@devhub/shared/testing-address`.
 */
import { request } from 'node:http';

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
