import { AppError, type HostAllowList } from '@devhub/shared';
import { Elysia } from 'elysia';
import { fromElsewhere } from './cookies';

export class CrossOriginRefused extends AppError {
  constructor() {
    super('CROSS_ORIGIN', 403, 'a request that changes something must come from this server\'s own pages (its Origin is another site\'s)');
  }
}

export class TokenInUrl extends AppError {
  constructor() {
    super('TOKEN_IN_URL', 400, 'a token in a URL is refused (URLs end up in histories, logs and Referer headers): send it as X-Session-Token or Authorization: Bearer; pages use their HttpOnly cookie');
  }
}

export class HostNotAllowed extends AppError {
  constructor(reason: string | null) {
    if (reason === null) {
      super('FORBIDDEN_HOST', 403, 'a request without a Host header is refused (DNS-rebinding protection): send the name of this server as Host');
      return;
    }
    super('FORBIDDEN_HOST', 403, `${reason}: a page whose name was made to point at this server is refused (DNS rebinding); if that is this server's own name, start it with --allowed-hosts <name> (env MAHJONG_ALLOWED_HOSTS)`);
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Three rules for every request (README, "Security model"): the Host must name this server (when
 * `hosts` is given, as `mahjong serve` does), nothing that changes state is taken from a page of
 * another origin — its cookies would otherwise act for the player — and no API request carries a
 * token in its URL.
 */
export const requestGuard = (hosts: HostAllowList | null = null) =>
  new Elysia({ name: 'request-guard' }).onRequest(({ request }) => {
    // An HTTP/1.0 request may come without Host; its URL is then not absolute.
    const url = URL.parse(request.url) ?? URL.parse(request.url, 'http://no-host.invalid')!;
    if (hosts) {
      const host = request.headers.get('host') ?? (url.hostname === 'no-host.invalid' ? null : url.host);
      if (!host) throw new HostNotAllowed(null);
      const verdict = hosts.check(host);
      if (!verdict.ok) throw new HostNotAllowed(verdict.reason);
    }
    if (!SAFE.has(request.method) && fromElsewhere(request)) throw new CrossOriginRefused();
    if (url.pathname.startsWith('/api/') && url.searchParams.has('token')) throw new TokenInUrl();
  });
