import { EndpointNotSupported, MethodNotAllowed, RouteNotFound, type ProxyError } from '../../upstream/errors';
import type { RouteTable } from './route-table';

// `{base}` becomes the address the client reached the proxy at.
const USE_MESSAGES = 'Point an Anthropic Messages client at POST /v1/messages instead (Claude Code: ANTHROPIC_BASE_URL={base}).';

/** API families the proxy recognizes but does not serve, with advice. Longest prefix wins. */
const UNSUPPORTED: [string, string][] = [
  ['/v1/messages/batches', 'Message batches are not proxied; send individual requests to POST /v1/messages.'],
  ['/v1/completions', `Legacy completions are not served. ${USE_MESSAGES}`],
  ['/v1/embeddings', 'Embeddings are not proxied; call the provider directly.'],
  ['/v1/images/variations', 'Only text-to-image is supported: use POST /v1/images/generations.'],
  ['/v1/audio', 'Audio endpoints are not proxied; call the provider directly.'],
  ['/v1/moderations', 'Moderations are not proxied; call the provider directly.'],
  ['/v1/files', 'File uploads are not proxied; send content inline in POST /v1/messages.'],
  ['/v1/batches', 'Batches are not proxied; send individual requests.'],
  ['/v1/fine_tuning', 'Fine-tuning is not proxied; call the provider directly.'],
  ['/v1/assistants', `The Assistants API is not served. ${USE_MESSAGES}`],
  ['/v1/threads', `The Assistants API is not served. ${USE_MESSAGES}`],
  ['/v1/vector_stores', 'Vector stores are not proxied; call the provider directly.'],
];

/**
 * The structured error for a request no route took: 405, 501 or 404 — never a bare 404. `routes`
 * is the app's own route table; `base` is the proxy's address as the client reached it (named in
 * the advice).
 */
export function unmatchedRequest(method: string, rawPath: string, routes: RouteTable, base = 'http://127.0.0.1:8765'): ProxyError {
  const path = rawPath.split('?')[0]!.replace(/\/+$/, '') || '/';
  const allowed = routes.allowed(path);
  if (allowed && !allowed.includes(method)) return new MethodNotAllowed(method, path, allowed);
  // `/chat/completions` without the `/v1` prefix is the same family.
  const family = path.startsWith('/v1/') ? path : `/v1${path}`;
  if (family !== path && routes.allowed(family)) return new EndpointNotSupported(path, `Did you mean ${family}? Set the client's base URL to ${base}/v1 (OpenAI clients) or ${base} (Anthropic clients).`);
  let best: [string, string] | null = null;
  for (const entry of UNSUPPORTED) {
    if ((family === entry[0] || family.startsWith(`${entry[0]}/`)) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  if (best) return new EndpointNotSupported(path, best[1].replace('{base}', base));
  return new RouteNotFound(method, path);
}
