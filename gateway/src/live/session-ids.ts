import { statSync } from 'node:fs';
import type { Logger } from '@devhub/shared';
import type { SessionMap } from '../state/model';
import { readSessionMap } from '../state/session-map';

/** session_map.json, re-read only when the hook has changed it (by mtime). */
export class SessionIds {
  private map: SessionMap = {};
  private mtimeMs = -1;

  constructor(private readonly path: string, private readonly log?: Logger) {}

  refresh(): void {
    let mtimeMs: number;
    try { mtimeMs = statSync(this.path).mtimeMs; } catch { mtimeMs = 0; }
    if (mtimeMs === this.mtimeMs) return;
    this.mtimeMs = mtimeMs;
    this.map = mtimeMs === 0 ? {} : readSessionMap(this.path, this.log);
  }

  get(windowKey: string): SessionMap[string] | undefined {
    return this.map[windowKey];
  }

  sessionId(windowKey: string): string {
    return this.map[windowKey]?.session_id ?? '';
  }
}
