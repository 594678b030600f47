import { defineCommand } from 'citty';
import { EnvServer, MAX_LINE_BYTES } from '../env/protocol';

export default defineCommand({
  meta: { name: 'env', description: 'A JSON-lines game environment on stdin/stdout (reset/step with the 54-action masks) for Python and other bot developers' },
  args: {},
  async run() {
    const server = new EnvServer();
    const decoder = new TextDecoder();
    let buf = '';
    const out: string[] = [];
    const flush = () => { if (out.length) { process.stdout.write(out.join('')); out.length = 0; } };
    for await (const chunk of Bun.stdin.stream()) {
      buf += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) out.push(`${JSON.stringify(server.handle(line))}\n`);
      }
      // A line that never ends is answered once and dropped.
      if (buf.length > MAX_LINE_BYTES) { out.push(`${JSON.stringify(server.handle(buf))}\n`); buf = ''; }
      // Answers of one read go out together: a client that pipelines a batch reads it at once.
      flush();
    }
    if (buf.trim()) out.push(`${JSON.stringify(server.handle(buf.trim()))}\n`);
    flush();
  },
});
