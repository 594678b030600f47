import type { Database } from 'bun:sqlite';
import type { RequestRecord } from './db';

export type LastRequest = Pick<RequestRecord, 'time' | 'provider' | 'key_index' | 'key_fp' | 'model_in' | 'model_out' | 'status' | 'completed'>;

export interface SessionTotals {
  requests: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

export interface SessionView {
  last: LastRequest | null;
  /** Null when the client sent no session id (then `last` is the proxy's last request). */
  totals: SessionTotals | null;
}

const LAST = 'SELECT time, provider, key_index, key_fp, model_in, model_out, status, completed FROM requests';

/**
 * The request that served the session's last turn, and the session's token totals. Claude Code also
 * makes side calls (titles, summaries) with a small model; the last call for the session's own model
 * (`model.id` of the status-line input) is preferred, so the line does not flicker between targets.
 */
export function sessionView(db: Database, session: string | null, model: string | null): SessionView {
  if (session === null) return { last: db.query(`${LAST} ORDER BY time DESC, id DESC LIMIT 1`).get() as LastRequest | null, totals: null };
  const last = (model === null ? null : db.query(`${LAST} WHERE session = ? AND model_in = ? ORDER BY time DESC, id DESC LIMIT 1`).get(session, model))
    ?? db.query(`${LAST} WHERE session = ? ORDER BY time DESC, id DESC LIMIT 1`).get(session);
  const totals = db.query(`SELECT count(*) AS requests, coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
      coalesce(sum(cache_read_tokens), 0) AS cache_read_tokens, coalesce(sum(cache_write_tokens), 0) AS cache_write_tokens
      FROM requests WHERE session = ?`).get(session) as SessionTotals;
  return { last: (last as LastRequest | null) ?? null, totals };
}
