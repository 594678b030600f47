import { request } from 'node:http';

export interface Answer { status: number; retryAfter: string | undefined; json: any }

/**
 * One HTTP request over a real socket whose source is `from` (any 127.x.y.z is this machine's
 * loopback), so a server on 127.0.0.1 sees a different peer address per `from`.
 */
export function postFrom(from: string, port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, path, method: 'POST', localAddress: from, agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
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
    req.end(text);
  });
}
