import { describe, expect, it } from 'bun:test';
import { cli, sandbox } from './helpers';

describe('serve on a port another program holds', () => {
  it('says the port is in use and exits 1, pointing at no file that a failed start never wrote', async () => {
    using box = sandbox();
    const tcp = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open(socket) { socket.end(); }, data() {} } });
    try {
      const r = await cli(['serve', '--host', '127.0.0.1', '--port', String(tcp.port)], box.env);
      expect(r.code).toBe(1);
      const out = r.stdout + r.stderr;
      expect(out).toContain(`cannot listen on 127.0.0.1:${tcp.port}: the port is in use (another modelproxy?); choose another with --port`);
      expect(out).not.toContain('modelproxy.pid');
    } finally {
      tcp.stop(true);
    }
  });
});
