import { FORWARDING_HEADERS } from '@devhub/shared/host-allow';
import { redact } from '@devhub/shared/mask';

/**
 * Request headers never forwarded: hop-by-hop (RFC 9110 §7.6.1, `expect` included), `host`, the
 * client's credentials, cookies, and the forwarding headers a relay in front of the proxy adds.
 */
export const DROP_REQUEST = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'expect', 'host', 'content-length', 'x-api-key', 'authorization', 'cookie', 'origin',
  'accept-encoding', ...FORWARDING_HEADERS, 'cdn-loop', 'x-client-ip', 'x-cluster-client-ip',
  // What Cloudflare's edge adds (a cloudflared tunnel); its AI Gateway's own `cf-aig-*` are the client's and pass.
  'cf-connecting-ipv6', 'cf-ipcountry', 'cf-ray', 'cf-visitor', 'cf-worker', 'cf-warp-tag-id', 'cf-ew-via',
]);

/**
 * The header families a tunnel, reverse proxy or identity-aware proxy in front of modelproxy adds:
 * the client's address, the signed-in user, and access tokens (Cloudflare Access's
 * `cf-access-jwt-assertion`, oauth2-proxy's `x-forwarded-access-token`, AWS ALB's
 * `x-amzn-oidc-accesstoken`, …). They are meant for modelproxy, never for a model vendor.
 */
const RELAY_ADDED = /^(x-forwarded-|cf-access-|tailscale-|ngrok-|x-amzn-oidc-|x-goog-iap-|x-goog-authenticated-|x-ms-client-principal|x-ms-token-|x-auth-request-|x-pomerium-|teleport-)/;

/**
 * Response headers never passed back: Bun's fetch decompresses but keeps the upstream
 * content-encoding/content-length, which makes Claude Code fail with ZlibError.
 */
export const DROP_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie']);

export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Client headers minus credentials, hop-by-hop ones and what a relay added, plus the fixed upstream set: the provider key,
 * JSON content type, an `anthropic-version` when the client sent none, and identity encoding (nothing
 * to decompress). `anthropic-version`/`anthropic-beta` pass byte-for-byte unless `dropBetas` names some.
 */
export function upstreamHeaders(client: Headers, key: string, dropBetas?: string[]): Headers {
  // A native copy and a delete per dropped name cost about half a copy header by header (bench/proxy-headers.ts).
  const out = new Headers(client);
  // Headers the client's Connection names are hop-by-hop too (RFC 9110 §7.6.1).
  const hop = client.get('connection');
  if (hop !== null) for (const name of hop.split(',')) out.delete(name.trim());
  for (const name of DROP_REQUEST) out.delete(name);
  let relayAdded: string[] | null = null;
  for (const name of out.keys()) if (RELAY_ADDED.test(name)) (relayAdded ??= []).push(name);
  if (relayAdded) for (const name of relayAdded) out.delete(name);
  out.set('x-api-key', key);
  out.set('content-type', 'application/json');
  out.set('accept-encoding', 'identity');
  if (!out.has('anthropic-version')) out.set('anthropic-version', ANTHROPIC_VERSION);
  if (dropBetas && dropBetas.length > 0) {
    const beta = out.get('anthropic-beta');
    if (beta !== null) {
      const kept = beta.split(',').filter((b) => !dropBetas.includes(b.trim()));
      if (kept.length === 0) out.delete('anthropic-beta');
      else out.set('anthropic-beta', kept.join(','));
    }
  }
  return out;
}

/**
 * The upstream's answer headers minus DROP_RESPONSE and any CORS grant (the proxy serves no browser),
 * with `key` (the provider key that was sent) masked in any value that echoes it.
 */
export function clientHeaders(upstream: Headers, extra: Record<string, string>, key?: string): Headers {
  const out = new Headers(upstream);
  for (const [name, value] of upstream) {
    if (DROP_RESPONSE.has(name) || name.startsWith('access-control-')) out.delete(name);
    else if (key && value.includes(key)) out.set(name, redact(value, [key]));
  }
  for (const name in extra) out.set(name, extra[name]!);
  return out;
}
