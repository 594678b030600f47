import { statSync } from 'node:fs';
import type { Logger } from '@devhub/shared';
import { dict } from './dict';
import type { SessionMap } from './model';
import { readSessionMap } from './session-map';

/**
 * The server's one reader of session_map.json (written by `agentgw hook`): the REST/WS services and
 * the live services all ask this, and the file is parsed again only when the hook has replaced it
 * (its mtime, size or inode changed).
 */
export class SessionIds {
  private map: SessionMap = dict();
  private stamp = '';

  constructor(private readonly path: string, private readonly log?: Logger) {}

  get(windowKey: string): SessionMap[string] | undefined {
    return this.all()[windowKey];
  }

  /** The assistant session id the hook recorded for a window key (`Tmux.windowKey`), or ''. */
  sessionId(windowKey: string): string {
    return this.get(windowKey)?.session_id ?? '';
  }

  all(): SessionMap {
    let stamp: string;
    try {
      const s = statSync(this.path);
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.map = stamp === 'missing' ? dict() : readSessionMap(this.path, this.log);
    }
    return this.map;
  }
}
