import { CommandFailed } from '../_errors';
import { showUrl, type SyncTarget } from './target';

const TIMEOUT_MS = 30_000;

function headers(target: SyncTarget): Record<string, string> {
  const h: Record<string, string> = { 'user-agent': 'modelproxy-sync' };
  if (target.username !== undefined) h.authorization = `Basic ${Buffer.from(`${target.username}:${target.password ?? ''}`).toString('base64')}`;
  return h;
}

/** Redirects are not followed: they would carry the credentials to another place. */
async function call(target: SyncTarget, init: RequestInit): Promise<Response> {
  try {
    return await fetch(target.url, { ...init, headers: { ...headers(target), ...(init.headers as Record<string, string>) }, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new CommandFailed(`cannot reach ${showUrl(target.url)}: ${(error as Error).message}`, 'SYNC_UNREACHABLE');
  }
}

export async function putBlob(target: SyncTarget, body: string): Promise<void> {
  const response = await call(target, { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new CommandFailed(`PUT ${showUrl(target.url)} answered HTTP ${response.status}`, 'SYNC_REJECTED');
}

/** The stored blob, or null when nothing was pushed yet (404). */
export async function getBlob(target: SyncTarget): Promise<{ text: string; modified: string | null } | null> {
  const response = await call(target, { method: 'GET' });
  if (response.status === 404) return null;
  if (!response.ok) throw new CommandFailed(`GET ${showUrl(target.url)} answered HTTP ${response.status}`, 'SYNC_REJECTED');
  return { text: await response.text(), modified: response.headers.get('last-modified') };
}
