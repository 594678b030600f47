import type { KnownQuota } from '../usage/cache';
import type { SessionView } from './session';

/**
 * The fields of Claude Code's status-line input (JSON on stdin) this line uses; the rest
 * (transcript_path, workspace, cost, context_window, …) is ignored. See the statusline section of
 * proxy/README.md for the whole protocol as Claude Code 2.1.330 documents it.
 */
export interface StatuslineInput {
  session_id?: unknown;
  model?: { id?: unknown; display_name?: unknown };
}

export interface Paint {
  yellow(text: string): string;
  red(text: string): string;
  dim(text: string): string;
}

export const plainPaint: Paint = { yellow: (s) => s, red: (s) => s, dim: (s) => s };
export const ansiPaint: Paint = {
  yellow: (s) => `\x1b[33m${s}\x1b[39m`,
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
};

/** Quota older than this is shown with its age. */
const STALE_MS = 15 * 60_000;

/**
 * One line: the target that served the session's last turn, its cached 5-hour and weekly remainder,
 * and the session's tokens, e.g.
 * `⇄ minimax#1 MiniMax-M2 · 5h 76% · wk 40% · in 1.2M (92% cached) · out 45.6k`.
 */
export function renderStatusline(view: SessionView | null, quota: KnownQuota | null, now: Date, paint: Paint): string {
  const parts: string[] = [];
  const last = view?.last ?? null;
  if (!last) {
    if (view === null) return '⇄ modelproxy: nothing recorded yet (is modelproxy serve running?)';
    return '⇄ modelproxy: no request from this session yet';
  }
  const target = last.provider === null ? 'modelproxy' : last.key_index === null ? last.provider : `${last.provider}#${last.key_index}`;
  const failed = last.status >= 400 ? ` ${paint.red(`✗ ${last.status}`)}` : !last.completed ? ` ${paint.yellow('✗ broke off')}` : '';
  parts.push(`⇄ ${target}${last.model_out ? ` ${last.model_out}` : ''}${failed}`);
  if (last.key_fp !== null) parts.push(quotaText(quota, now, paint));
  if (view?.totals) {
    const t = view.totals;
    const input = t.input_tokens + t.cache_read_tokens + t.cache_write_tokens;
    const cached = input > 0 && t.cache_read_tokens > 0 ? ` (${Math.round((t.cache_read_tokens / input) * 100)}% cached)` : '';
    parts.push(`in ${compact(input)}${cached}`, `out ${compact(t.output_tokens)}`);
  }
  return parts.join(' · ');
}

function quotaText(quota: KnownQuota | null, now: Date, paint: Paint): string {
  if (!quota) return `5h — · wk —`;
  const text = `5h ${windowText(quota.five_hour, now, paint)} · wk ${windowText(quota.weekly, now, paint)}`;
  const age = now.getTime() - Date.parse(quota.checked_at);
  return age > STALE_MS ? `${text} ${paint.dim(`(${ago(age)} ago)`)}` : text;
}

/** The remainder as last read; `—` when the platform has no such window; `reset` once it restarted since. */
function windowText(w: KnownQuota['five_hour'], now: Date, paint: Paint): string {
  if (w.reset_at === null && w.remaining_percent === 0) return '—';
  if (w.reset_at !== null && Date.parse(w.reset_at) <= now.getTime()) return 'reset';
  const value = Math.round(w.remaining_percent);
  const text = `${value}%`;
  return value <= 10 ? paint.red(text) : value <= 25 ? paint.yellow(text) : text;
}

/** 950, 12.3k, 1.23M. */
export function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 2 : 1).replace(/\.?0+$/, '')}k`;
  return `${(n / 1_000_000).toFixed(2).replace(/\.?0+$/, '')}M`;
}

function ago(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)}h`;
  return `${Math.round(minutes / 1440)}d`;
}
