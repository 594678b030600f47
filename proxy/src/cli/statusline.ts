import { defineCommand } from 'citty';
import { withDeadline } from '@devhub/shared/timers';
import { openDatabase } from '../accounting/db';
import { sessionView } from '../accounting/session';
import { ansiPaint, plainPaint, renderStatusline, type StatuslineInput } from '../accounting/statusline';
import { requestsDbPath, stateDir, usageCachePath } from '../config/paths';
import { cachedQuota } from '../usage/cache-quota';

/** Claude Code pipes the JSON and closes stdin; a terminal or a pipe left open must not hang the line. */
const STDIN_WAIT_MS = 1000;

async function readInput(): Promise<StatuslineInput> {
  if (process.stdin.isTTY) return {};
  const text = await withDeadline(Bun.stdin.text(), STDIN_WAIT_MS, () => '');
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as StatuslineInput) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Claude Code's status-line command: reads the session JSON on stdin and prints one line. It reads
 * only local files (requests.db, usage-cache.json), never the network and never config.yaml, and it
 * always exits 0 (a failing command blanks Claude Code's line): a problem is the line's text.
 */
export default defineCommand({
  meta: { name: 'statusline', description: "Claude Code status line: the target of the session's last turn, its quota and the session's tokens (JSON on stdin)" },
  async run() {
    const paint = process.env.NO_COLOR ? plainPaint : ansiPaint;
    let line: string;
    try {
      const input = await readInput();
      const dir = stateDir();
      const db = openDatabase(requestsDbPath(dir), { create: false });
      let view = null;
      try {
        view = db ? sessionView(db, text(input.session_id), text(input.model?.id)) : null;
      } finally {
        db?.close();
      }
      const fp = view?.last?.key_fp ?? null;
      const quota = fp === null ? null : cachedQuota(usageCachePath(dir), fp);
      line = renderStatusline(view, quota, new Date(), paint);
    } catch (error) {
      line = `⇄ modelproxy: ${(error as Error).message}`;
    }
    process.stdout.write(`${line}\n`);
  },
});
