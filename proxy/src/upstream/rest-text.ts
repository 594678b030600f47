/**
 * A key's live state, as the key pool knows it: what `no_usable_key` and `keys_resting` answers,
 * `modelproxy status` and the dashboard show. `until` is epoch ms on the pool's clock.
 */
export interface KeyRest {
  /** 1-based position in api_keys (the numbering of `usage` and `x-modelproxy-key`). */
  index: number;
  /**
   * `serving`: may be tried now; `placeholder`: never sent anywhere; `cooling`: a temporary failure
   * (429, 5xx, no answer), tried last; `refused`: 401/402/403, not tried; `rechecking`: its refusal
   * rest ended and a check is under way; `exhausted`: its plan window is used up, not tried.
   */
  state: 'serving' | 'placeholder' | 'cooling' | 'refused' | 'rechecking' | 'exhausted';
  until: number | null;
  /** The status that made it rest (null: no answer). */
  status?: number | null;
}

/** A provider's keys and their states, as a no-key answer names them. */
export interface ProviderRests {
  name: string;
  rests: readonly KeyRest[];
}

/** The longest wait Claude Code's retries cover (ten tries, backing off to about 30 s). */
export const CLIENT_RETRY_WINDOW_MS = 60_000;

/** `17:05 local time (in 2 h 5 min)`; another day adds its date: `Tue Nov 28 09:00 local time (in 19 h)`. */
export function whenText(untilMs: number, nowMs: number): string {
  const at = new Date(untilMs);
  const now = new Date(nowMs);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.toDateString() === now.toDateString();
  const day = sameDay ? '' : `${at.toDateString().slice(0, 10)} `;
  return `${day}${clock} local time (in ${inText(untilMs - nowMs)})`;
}

/** A wait in words: `45 s`, `12 min`, `2 h`, `2 h 5 min`, `3 d 4 h`. */
export function inText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  return m > 0 ? `${h} h ${m} min` : `${h} h`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `#1`, `#1 and #2`, `#1, #2 and #3`. */
const keyList = (rests: readonly KeyRest[]): string => {
  const names = rests.map((r) => `#${r.index}`);
  return names.length === 1 ? `key ${names[0]}` : `keys ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

const STATE_TEXT: Record<Exclude<KeyRest['state'], 'serving' | 'placeholder'>, (rests: readonly KeyRest[]) => string> = {
  exhausted: (r) => (r.length === 1 ? 'has used up its plan window' : 'have used up their plan windows'),
  refused: (r) => `${r.length === 1 ? 'was' : 'were'} refused (${[...new Set(r.map((k) => k.status ?? 401))].join('/')})`,
  rechecking: (r) => `${r.length === 1 ? 'is' : 'are'} being re-checked after a refusal`,
  cooling: (r) => `${r.length === 1 ? 'is' : 'are'} cooling after ${[...new Set(r.map((k) => k.status ?? 'no answer'))].join('/')}`,
};

/**
 * One clause per provider (each named once, however many targets or routes named it), then the hints
 * that apply: `"minimax": keys #1 and #2 have used up their plan windows until 17:00 local time (in 2 h)`.
 */
export function restsText(providers: readonly ProviderRests[], nowMs: number, configPath: string): string {
  const seen = new Map<string, readonly KeyRest[]>();
  for (const p of providers) if (!seen.has(p.name)) seen.set(p.name, p.rests);
  const clauses: string[] = [];
  const placeholdersOnly: string[] = [];
  let refused = false;
  for (const [name, rests] of seen) {
    const real = rests.filter((r) => r.state !== 'placeholder');
    if (real.length === 0) {
      placeholdersOnly.push(`"${name}"`);
      continue;
    }
    const parts: string[] = [];
    for (const state of ['exhausted', 'refused', 'rechecking', 'cooling'] as const) {
      const group = real.filter((r) => r.state === state);
      if (group.length === 0) continue;
      if (state === 'refused') refused = true;
      const until = Math.min(...group.map((r) => r.until ?? nowMs));
      const first = group.length > 1 ? 'the first ' : '';
      parts.push(`${keyList(group)} ${STATE_TEXT[state](group)}${state === 'rechecking' ? '' : `, ${first}back at ${whenText(until, nowMs)}`}`);
    }
    clauses.push(`provider "${name}": ${parts.join('; ')}`);
  }
  if (placeholdersOnly.length > 0) {
    const names = placeholdersOnly.length === 1 ? placeholdersOnly[0] : `${placeholdersOnly.slice(0, -1).join(', ')} and ${placeholdersOnly.at(-1)}`;
    clauses.unshift(`provider${placeholdersOnly.length === 1 ? '' : 's'} ${names} ${placeholdersOnly.length === 1 ? 'has' : 'have'} only placeholder keys`);
  }
  const hints: string[] = [];
  if (placeholdersOnly.length > 0) hints.push(`edit ${configPath}: put a real key in ${placeholdersOnly.length === 1 ? 'its' : 'their'} api_keys, then reload`);
  if (refused) hints.push(`edit ${configPath}: fix the refused keys, then reload (a reload also tries them again)`);
  return `${clauses.join('; ')}${hints.length > 0 ? ` — ${hints.join('; ')}` : ''}`;
}

/** When the first of these keys may be tried again (epoch ms), or null when one may be tried now. */
export function firstBack(providers: readonly ProviderRests[], nowMs: number): number | null {
  let first = Infinity;
  for (const p of providers) {
    for (const r of p.rests) {
      if (r.state === 'placeholder') continue;
      if (r.state === 'serving' || r.state === 'rechecking' || r.until === null || r.until <= nowMs) return null;
      first = Math.min(first, r.until);
    }
  }
  return first === Infinity ? null : first;
}
