import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Logger, writeJsonAtomic } from '@devhub/shared';

/** In the state directory, beside state.json. */
export const CONSOLE_SESSIONS_FILE = 'console_sessions.json';
/** How long a console login lasts. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;
/** Logins kept at once; the oldest is dropped beyond this. */
const MAX_SESSIONS = 64;

interface Entry { created_at: number; expires_at: number }

/**
 * The web console's logins: the browser holds a random token in an HttpOnly cookie; the server
 * keeps only HMAC-SHA256(api_key, token), in memory and in `console_sessions.json` (0600, atomic),
 * so logins survive a restart, the file alone lets nobody in, and changing the key ends them all.
 */
export class ConsoleSessions {
  private entries = new Map<string, Entry>();

  constructor(private readonly file: string | null, private readonly log?: Logger) {
    if (file) this.load(file);
  }

  /** A new login under `apiKey`; returns the token for the cookie. */
  create(apiKey: string, now = Date.now()): string {
    const token = randomBytes(32).toString('base64url');
    this.prune(now);
    while (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest(apiKey, token), { created_at: now, expires_at: now + SESSION_MAX_AGE_S * 1000 });
    this.save();
    return token;
  }

  valid(apiKey: string, token: string, now = Date.now()): boolean {
    if (!apiKey || !token) return false;
    const entry = this.entries.get(digest(apiKey, token));
    return !!entry && entry.expires_at > now;
  }

  revoke(apiKey: string, token: string): void {
    if (apiKey && token && this.entries.delete(digest(apiKey, token))) this.save();
  }

  private prune(now: number): void {
    for (const [id, entry] of this.entries) if (entry.expires_at <= now) this.entries.delete(id);
  }

  private load(file: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return; // none yet, or unreadable: everyone logs in again
    }
    const sessions = (raw as { sessions?: Record<string, Entry> })?.sessions ?? {};
    for (const [id, entry] of Object.entries(sessions)) {
      if (typeof entry?.expires_at === 'number' && typeof entry.created_at === 'number') this.entries.set(id, entry);
    }
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeJsonAtomic(this.file, { version: 1, sessions: Object.fromEntries(this.entries) }, { mode: 0o600 });
    } catch (error) {
      this.log?.warn(`cannot save console logins (they last until the server stops): ${(error as Error).message}`);
    }
  }
}

function digest(apiKey: string, token: string): string {
  return createHmac('sha256', apiKey).update(token).digest('base64url');
}
