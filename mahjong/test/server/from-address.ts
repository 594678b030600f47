import { connect } from 'node:net';
import { type Answer, requestFrom } from '@devhub/shared/testing-address';

export type { Answer };

/** A JSON POST over a real socket whose source is `from` (shared/src/testing-address.ts). */
export function postFrom(from: string, port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return requestFrom(from, port, 'POST', path, { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
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
