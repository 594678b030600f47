import { randomBytes } from 'node:crypto';
import { TmuxError } from './errors';

/**
 * A program, folder, window or session name may hold any character, a newline or a tab too, so no
 * fixed separator can delimit `-F` / `display-message -p` output. Fields and records are ended by a
 * token drawn at random for each call instead, which no name can contain unless it was known before
 * the call.
 */
export interface Delimiters { field: string; record: string }

export function delimiters(): Delimiters {
  const token = randomBytes(16).toString('hex');
  return { field: `<f${token}>`, record: `<r${token}>` };
}

/** The tmux format printing `fields` as one record. */
export function recordFormat(fields: readonly string[], d: Delimiters): string {
  return fields.join(d.field) + d.record;
}

/**
 * The records of output printed with `recordFormat`, each exactly `fieldCount` fields. Anything else
 * is a TmuxError (a failed call), so a caller never mistakes an unreadable record for a missing one.
 */
export function splitRecords(stdout: string, d: Delimiters, fieldCount: number, command: string): string[][] {
  const records = stdout.split(d.record);
  // tmux ends each record with a newline, so the text after the last one is that newline alone.
  if (records.pop()?.trim()) throw new TmuxError(command, 'output ends inside a record', 0);
  return records.map((record, i) => {
    const fields = (i === 0 ? record : record.replace(/^\n/, '')).split(d.field);
    if (fields.length !== fieldCount) throw new TmuxError(command, `unreadable record ${JSON.stringify(record.slice(0, 200))}`, 0);
    return fields;
  });
}
