import { connect } from 'node:net';

export interface RawResponse { status: number; headers: string; body: string }

/**
 * One HTTP/1.1 request written byte for byte over a TCP socket: a client that sets any Host,
 * Origin or Upgrade header it likes, as an attacker's tool would (fetch and WebSocket clients
 * fill some of these in themselves).
 */
export function rawRequest(port: number, head: string[], body = '', host = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let data = '';
    const finish = () => {
      socket.destroy();
      const [top = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1] ?? 0);
      resolve({ status, headers: top, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      data += chunk.toString();
      // An upgrade (101) keeps the socket open; any other answer is complete once its body is in.
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const split = data.indexOf('\r\n\r\n');
      if (split >= 0 && (data.startsWith('HTTP/1.1 101') || (length !== undefined && data.length - split - 4 >= Number(length)))) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
    const withLength = body ? [...head, `Content-Length: ${Buffer.byteLength(body)}`] : head;
    socket.write(`${withLength.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** The headers of a WebSocket handshake to `path`. */
export function upgradeHead(path: string, extra: string[]): string[] {
  return [
    `GET ${path} HTTP/1.1`, 'Upgrade: websocket', 'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', ...extra,
  ];
}
