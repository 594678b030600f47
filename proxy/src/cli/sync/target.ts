import { writeJsonAtomic } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type as t } from '@sinclair/typebox';
import { BadArgument } from '../_errors';
import { isSecureUrl } from '../_secure-url';

/** Where the blob lives: a WebDAV-style URL (PUT/GET) with optional basic auth. */
export const SyncTarget = t.Object({
  url: t.String({ minLength: 1 }),
  username: t.Optional(t.String()),
  password: t.Optional(t.String()),
});
export type SyncTarget = typeof SyncTarget.static;

/** Kept beside config.yaml but not inside it: each machine may reach the server differently. */
export const syncFilePath = (dir: string): string => join(dir, 'sync.json');

export function readTarget(dir: string, flags: { url?: string; user?: string }, env = process.env): SyncTarget {
  const path = syncFilePath(dir);
  let stored: SyncTarget | null = null;
  if (existsSync(path)) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new BadArgument(`${path}: not valid JSON (${(error as Error).message}); run modelproxy sync setup again`);
    }
    if (!Value.Check(SyncTarget, value)) throw new BadArgument(`${path}: expected {url, username?, password?}; run modelproxy sync setup again`);
    stored = value;
  }
  const url = flags.url || env.MODELPROXY_SYNC_URL || stored?.url;
  if (!url) throw new BadArgument('no sync server configured: run modelproxy sync setup --url <https://…/modelproxy.blob>, or set MODELPROXY_SYNC_URL');
  if (!isSecureUrl(url)) throw new BadArgument(`sync URL must be https (plain http only on this machine: its password and blob would cross the network in clear): ${showUrl(url)}`);
  const username = flags.user || env.MODELPROXY_SYNC_USER || stored?.username;
  const password = env.MODELPROXY_SYNC_PASSWORD || stored?.password;
  return { url, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

export function writeTarget(dir: string, target: SyncTarget): string {
  const path = syncFilePath(dir);
  writeJsonAtomic(path, target, { mode: 0o600 });
  return path;
}

/** The URL as shown: never with credentials in it. */
export const showUrl = (url: string): string => url.replace(/\/\/[^/@]*@/, '//***@');

export const targetArgs = {
  url: { type: 'string', description: 'Blob URL (else $MODELPROXY_SYNC_URL, else sync.json from sync setup)' },
  user: { type: 'string', description: 'Basic-auth user (password from $MODELPROXY_SYNC_PASSWORD or sync.json)' },
} as const;
