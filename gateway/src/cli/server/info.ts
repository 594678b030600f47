import { writeJsonAtomic } from '@devhub/shared';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** server.json beside server.pid: where the running server listens (for `status` and scripts). */
export interface ServerInfo {
  pid: number;
  host: string;
  port: number;
  url: string;
  started_at: string;
  /** When the process started, from /proc (owner.ts); null where there is none. */
  process_start: string | null;
}

export const infoPath = (dir: string) => join(dir, 'server.json');

export function writeServerInfo(dir: string, info: ServerInfo): void {
  writeJsonAtomic(infoPath(dir), info);
}

export function readServerInfo(dir: string): ServerInfo | null {
  const path = infoPath(dir);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ServerInfo;
  } catch {
    return null;
  }
}

export function removeServerInfo(dir: string): void {
  try { unlinkSync(infoPath(dir)); } catch { /* already gone */ }
}

/** The address actually bound, as a URL: `http://0.0.0.0:8900` when every interface listens. */
export function boundAddress(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
