import { connect } from 'node:net';
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

/**
 * Statuses of `bodies` POSTed to `path` back to back on one connection from `from`, written in one
 * go (HTTP/1.1 pipelining): the server reads each next request as soon as it has answered the one
 * before, with nothing of the client's timing in between.
 */
export function pipelinedFrom(from: string, port: number, path: string, bodies: unknown[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      socket.write(bodies.map((b) => {
        const text = JSON.stringify(b);
        return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
      }).join(''));
    });
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      raw += chunk;
      const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      if (statuses.length === bodies.length) { socket.destroy(); resolve(statuses); }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed after: ${raw.slice(0, 200)}`)));
  });
}
