import { defineCommand } from 'citty';
import { EnvServer, MAX_LINE_BYTES } from '../env/protocol';

export default defineCommand({
  meta: { name: 'env', description: 'A JSON-lines game environment on stdin/stdout (reset/step with the 54-action masks) for Python and other bot developers' },
  args: {},
  async run() {
    const server = new EnvServer();
    const decoder = new TextDecoder();
    let buf = '';
    // After a line too long to keep, the rest of it up to its newline: one answer per line.
    let skipping = false;
    const out: string[] = [];
    const flush = () => { if (out.length) { process.stdout.write(out.join('')); out.length = 0; } };
    for await (const chunk of Bun.stdin.stream()) {
      buf += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (skipping) skipping = false;
        else if (line) out.push(`${JSON.stringify(server.handle(line))}\n`);
      }
      // A line longer than the limit is answered once (PAYLOAD_TOO_LARGE) and dropped up to its end.
      if (buf.length > MAX_LINE_BYTES) {
        if (!skipping) out.push(`${JSON.stringify(server.handle(buf))}\n`);
        skipping = true;
        buf = '';
      }
      // Answers of one read go out together: a client that pipelines a batch reads it at once.
      flush();
    }
    if (buf.trim() && !skipping) out.push(`${JSON.stringify(server.handle(buf.trim()))}\n`);
    flush();
  },
});
