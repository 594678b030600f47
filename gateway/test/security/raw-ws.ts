import { connect, type Socket } from 'node:net';
import { upgradeHead } from './raw-http';

/**
 * A WebSocket client written on a bare TCP socket, as an attacker's tool would be: it sends text
 * frames and reads only when told to (`pause`/`resume`), which a WebSocket API cannot do.
 */
export class RawWs {
  received = 0;
  ended = false;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => { this.received += chunk.length; });
    socket.on('close', () => { this.ended = true; });
    socket.on('error', () => { this.ended = true; });
  }

  static open(port: number, path: string, extra: string[] = []): Promise<RawWs> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let head = '';
      const onData = (chunk: Buffer) => {
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        if (!head.startsWith('HTTP/1.1 101')) { socket.destroy(); reject(new Error(`no upgrade: ${head.slice(0, 80)}`)); return; }
        const ws = new RawWs(socket);
        ws.received = head.length - end - 4;
        resolve(ws);
      };
      socket.on('data', onData);
      socket.on('error', reject);
      socket.write(`${upgradeHead(path, ['Host: 127.0.0.1', ...extra]).join('\r\n')}\r\n\r\n`);
    });
  }

  /** One masked text frame (the mask key is zero, which RFC 6455 allows: the payload goes as is). */
  sendText(text: string): Promise<void> {
    const payload = Buffer.from(text);
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x81, 0x80 | n]) : n < 65536 ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255]) : Buffer.alloc(10);
    if (n >= 65536) { head[0] = 0x81; head[1] = 0x80 | 127; head.writeBigUInt64BE(BigInt(n), 2); }
    return new Promise((resolve) => { this.socket.write(Buffer.concat([head, Buffer.alloc(4), payload]), () => resolve()); });
  }

  pause(): void { this.socket.pause(); }
  resume(): void { this.socket.resume(); }
  destroy(): void { this.socket.destroy(); }
}
