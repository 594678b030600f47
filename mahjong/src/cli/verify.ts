import { readFileSync } from 'node:fs';
import { AppError, BadArgument } from '@devhub/shared';
import { defineCommand } from 'citty';
import { mjlogText } from '../engine/mjlog/gzip';
import { verifyText, type FileVerdict } from '../engine/verify/verify-text';
import { parseLogText } from '../formats';
import { collectLogFiles } from './_mjlog-files';

const TRUNCATED: Record<string, string> = {
  'mid-round': 'log ends in the middle of a hand; checked up to its last event',
  'no-game-end': 'log ends after a hand without the game end (owari); checked every hand',
  'no-rounds': 'log has no hands',
};

function line(v: FileVerdict): string {
  const tally = `${v.handsOk}/${v.hands} hands`;
  const wall = 'wall' in v && v.wall.kind !== 'none' && v.status !== 'mismatch' ? `\n           ${v.wall.message}` : '';
  return lineOnly(v, tally) + wall;
}

function lineOnly(v: FileVerdict, tally: string): string {
  const notes = v.notes.length > 0 ? `  (${v.notes.join('; ')})` : '';
  if (v.status === 'ok') return `ok         ${v.file}  ${tally}${notes}`;
  if (v.status === 'truncated') return `truncated  ${v.file}  ${tally}  (${TRUNCATED[v.truncated ?? ''] ?? v.truncated})`;
  if (v.status === 'error') return `error      ${v.file}  ${v.firstMismatch}`;
  return `MISMATCH   ${v.file}  ${tally}\n           first: ${v.firstMismatch}`;
}

export default defineCommand({
  meta: { name: 'verify', description: 'Replay game logs (Tenhou XML, tenhou.net/6 JSON, mjai lines) through the engine and check every action and result' },
  args: {
    paths: { type: 'positional', required: true, description: 'Log files or directories (every log in a directory, whatever its extension; gzip or plain)' },
    json: { type: 'boolean', description: 'Print one JSON report instead of text' },
  },
  async run({ args }) {
    const { files, missing } = collectLogFiles([args.paths, ...(args._ ?? []).filter((p) => p !== args.paths)]);
    const verdicts: FileVerdict[] = [];
    if (files.length === 0) {
      const given = [args.paths, ...(args._ ?? [])].filter((p, k, a) => a.indexOf(p) === k).join(', ');
      throw new BadArgument(`no logs found in ${given}${missing.length ? ' (no such file or directory)' : ''}`);
    }
    for (const f of missing) verdicts.push({ file: f, status: 'error', hands: 0, handsOk: 0, truncated: null, firstMismatch: 'no such file or directory', notes: [] });
    for (const f of files) {
      let text: string;
      try { text = await mjlogText(new Uint8Array(readFileSync(f))); } catch (e) {
        verdicts.push({ file: f, status: 'error', hands: 0, handsOk: 0, truncated: null, firstMismatch: `cannot read: ${(e as Error).message}`, notes: [] });
        continue;
      }
      verdicts.push(verifyText(f, text, (t) => parseLogText(t).paipu));
    }
    const hands = verdicts.reduce((a, v) => a + v.hands, 0);
    const handsOk = verdicts.reduce((a, v) => a + v.handsOk, 0);
    const count = (s: string) => verdicts.filter((v) => v.status === s).length;
    const summary = { files: verdicts.length, ok: count('ok'), truncated: count('truncated'), mismatch: count('mismatch'), error: count('error'), hands, handsOk, finalPointsNotChecked: verdicts.filter((v) => v.notes.length > 0).length };
    if (args.json) process.stdout.write(`${JSON.stringify({ summary, files: verdicts }, null, 2)}\n`);
    else {
      for (const v of verdicts) process.stdout.write(`${line(v)}\n`);
      const pct = hands === 0 ? 0 : (100 * handsOk) / hands;
      const unchecked = summary.finalPointsNotChecked ? `; final points not checked (custom rules): ${summary.finalPointsNotChecked}` : '';
      process.stdout.write(`\n${handsOk}/${hands} hands ok (${pct.toFixed(2)}%); files: ${summary.ok} ok, ${summary.truncated} truncated, ${summary.mismatch} mismatch, ${summary.error} error${unchecked}\n`);
    }
    if (summary.mismatch > 0 || summary.error > 0) {
      throw new AppError('VERIFY_FAILED', 1, `${summary.mismatch} file(s) with a mismatch, ${summary.error} unreadable`);
    }
  },
});
