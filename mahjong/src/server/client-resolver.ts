import { forwardingHeader } from '@devhub/shared/host-allow';
import { clientKey, isOwnMachine, parseAddress, TrustedProxies } from './client-address';

/** Bun's server, as Elysia hands it to hooks: the socket's peer of a request. */
export type PeerServer = { requestIP(r: Request): { address: string } | null } | null;

/**
 * The key a request's client is counted under by the per-client limits (create-limit.ts,
 * token-guesses.ts), or null when it is not counted: no socket (in-process `app.handle`), or the
 * owner's own machine with no forwarding header. `warn` is told once when X-Forwarded-For arrives
 * from a peer that is not a trusted proxy (a proxy the operator forgot to name).
 */
export function clientResolver(trustedProxies: readonly string[] = [], warn?: (message: string) => void): (request: Request, server: PeerServer) => string | null {
  const trusted = new TrustedProxies(trustedProxies);
  let warned = false;
  return (request, server) => {
    const peer = server?.requestIP(request)?.address;
    const bytes = peer ? parseAddress(peer) : null;
    if (!bytes) return null;
    if (isOwnMachine(bytes) && forwardingHeader(request.headers) === null) return null;
    const forwarded = request.headers.get('x-forwarded-for');
    if (forwarded && !warned && !trusted.has(bytes)) {
      warned = true;
      const from = bytes.length === 4 ? clientKey(bytes) : peer!;
      warn?.(`X-Forwarded-For from ${from} is not believed: if that is your reverse proxy or tunnel, start with --trusted-proxy ${from} (each client behind it then gets its own limit)`);
    }
    return clientKey(trusted.clientOf(bytes, forwarded));
  };
}
