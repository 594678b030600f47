import { createApp, type AppDeps } from '../../src/app';

export const SAMPLE = 'tenhou-2019060813gm-00a9-0000-08bb0ec3.xml';

/** A fresh app; `call` goes through app.handle (no socket). The server keeps no state on disk. */
export function testApp(deps: AppDeps = {}) {
  const app = createApp(deps);
  // Like the pages, the client keeps each session's token from POST /api/game/new and sends it back.
  const tokens = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const id = /^\/api\/game\/([^/?]+)/.exec(path)?.[1];
    const token = id ? tokens.get(id) : undefined;
    const init: RequestInit = { method, headers: { ...(token ? { 'x-session-token': token } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const h = init.headers as Record<string, string>;
      h['content-type'] ??= 'application/json';
      // Real HTTP clients send the length; a Request built in memory does not.
      h['content-length'] ??= String(Buffer.byteLength(init.body as string));
    }
    const res = await app.handle(new Request(`http://localhost${path}`, init));
    const text = await res.text();
    let json: any = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    if (path === '/api/game/new' && json?.session_id && json?.token) tokens.set(json.session_id, json.token);
    return { status: res.status, headers: res.headers, text, json };
  };
  return { app, call, tokens, close: () => app.decorator.games.close() };
}
