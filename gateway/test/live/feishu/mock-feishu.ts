/**
 * A local Feishu Open API speaking the platform's wire format: `{code, msg, data}` bodies, errors
 * as 4xx with a JSON body, tenant tokens with an `expire` in seconds. Scripted failures are
 * queued per path with `failNext`.
 */
export interface Recorded { method: string; path: string; query: Record<string, string>; auth: string | null; json?: any; form?: Record<string, string | { name: string; size: number; type: string }> }

export function startMockFeishu(options: { appId: string; appSecret: string; expire?: number }) {
  const requests: Recorded[] = [];
  const failures = new Map<string, Array<{ status: number; body: unknown; headers?: Record<string, string> }>>();
  let tokenCount = 0;
  const valid = new Set<string>();
  const reply = (data: unknown, status = 200) => Response.json(data, { status });

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/open-apis/, '');
      const rec: Recorded = { method: req.method, path, query: Object.fromEntries(url.searchParams), auth: req.headers.get('authorization') };
      const type = req.headers.get('content-type') ?? '';
      if (type.startsWith('application/json')) rec.json = await req.json();
      else if (type.startsWith('multipart/form-data')) {
        rec.form = {};
        for (const [k, v] of (await req.formData()).entries()) {
          rec.form[k] = typeof v === 'string' ? v : { name: (v as File).name, size: (v as File).size, type: (v as File).type };
        }
      }
      requests.push(rec);
      const queued = failures.get(path)?.shift();
      if (queued) return new Response(typeof queued.body === 'string' ? queued.body : JSON.stringify(queued.body), { status: queued.status, headers: { 'content-type': 'application/json', ...queued.headers } });

      if (path === '/auth/v3/tenant_access_token/internal' && req.method === 'POST') {
        if (rec.json?.app_id !== options.appId || rec.json?.app_secret !== options.appSecret) return reply({ code: 10014, msg: 'app secret invalid' }, 400);
        const token = `t-mock${++tokenCount}`;
        valid.add(token);
        return reply({ code: 0, msg: 'ok', tenant_access_token: token, expire: options.expire ?? 7200 });
      }
      const token = rec.auth?.replace(/^Bearer /, '') ?? '';
      if (!valid.has(token)) return reply({ code: 99991663, msg: 'Invalid access token for authorization. Please make a request with token attached.' }, 400);
      if (path === '/im/v1/messages' && req.method === 'POST') {
        if (rec.query.receive_id_type !== 'chat_id') return reply({ code: 230001, msg: 'Your request contains an invalid request parameter, ext=invalid receive_id_type' }, 400);
        if (!String(rec.json?.receive_id).startsWith('oc_')) return reply({ code: 230001, msg: 'Your request contains an invalid request parameter, ext=invalid receive_id' }, 400);
        JSON.parse(rec.json.content);
        return reply({ code: 0, msg: 'success', data: { message_id: `om_sent${requests.length}`, chat_id: rec.json.receive_id, msg_type: rec.json.msg_type, body: { content: rec.json.content } } });
      }
      const replyMatch = /^\/im\/v1\/messages\/([^/]+)\/reply$/.exec(path);
      if (replyMatch && req.method === 'POST') return reply({ code: 0, msg: 'success', data: { message_id: `om_reply${requests.length}`, parent_id: replyMatch[1], root_id: replyMatch[1], thread_id: rec.json?.reply_in_thread ? 'omt_1' : undefined } });
      if (/^\/im\/v1\/messages\/[^/]+$/.test(path) && req.method === 'PATCH') return reply({ code: 0, msg: 'success', data: {} });
      if (path === '/im/v1/images' && req.method === 'POST') return reply({ code: 0, msg: 'success', data: { image_key: 'img_v3_mock' } });
      if (path === '/im/v1/files' && req.method === 'POST') return reply({ code: 0, msg: 'success', data: { file_key: 'file_v3_mock' } });
      return new Response('<html>404 page not found</html>', { status: 404, headers: { 'content-type': 'text/html' } });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}/open-apis`,
    requests,
    tokenRequests: () => requests.filter((r) => r.path.startsWith('/auth/')).length,
    revokeTokens: () => valid.clear(),
    failNext: (path: string, status: number, body: unknown, headers?: Record<string, string>) => {
      const list = failures.get(path) ?? [];
      list.push({ status, body, headers });
      failures.set(path, list);
    },
    stop: () => server.stop(true),
  };
}
