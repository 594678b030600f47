import { createConsola } from 'consola';

/** A logger that keeps every line (debug included), to check what the gateway logs and never logs. */
export function recordingLog() {
  const lines: string[] = [];
  const log = createConsola({
    level: 4,
    reporters: [{ log: (entry) => { lines.push(`${entry.type} ${entry.args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`); } }],
  }).withTag('gateway-test');
  return { log, lines };
}
