import { HostAllowList, isOtherPageSite } from '@devhub/shared/host-allow';

export { forwardingHeader, FORWARDING_HEADERS, hostName, isLoopbackAddress, isLoopbackName } from '@devhub/shared/host-allow';

export interface GuardConfig {
  allowed_hosts: readonly string[];
  allowed_origins: readonly string[];
  /** The address the server listens on: a name given there (`--host gw.lan`) is ours too. */
  api_host?: string;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

const OK: Verdict = { ok: true };

/**
 * Which Host headers and browser Origins the API answers (README "Security model"). The Host rule
 * defeats DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 still sends
 * `Host: evil.example`. The Origin rule keeps other pages (other sites, other ports of localhost)
 * from driving the API with the browser of the user, including over WebSocket, which has no CORS.
 */
export class RequestPolicy {
  private readonly hosts: HostAllowList;

  constructor(private readonly config: GuardConfig) {
    this.hosts = new HostAllowList(config.allowed_hosts, config.api_host);
  }

  /** Loopback names, this machine's own addresses, the listen name, and `allowed_hosts`. */
  host(header: string): Verdict {
    return this.hosts.check(header);
  }

  /**
   * No Origin (not a browser, or a same-origin GET), the page's own origin (same host and port as
   * the request's Host), or one of `allowed_origins`. `Origin: null` (sandboxed frames, files) is refused.
   */
  origin(origin: string | null, host: string): Verdict {
    if (origin === null) return OK;
    if (this.config.allowed_origins.includes('*')) return OK;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return { ok: false, reason: `Origin "${origin}" is not allowed (not a URL)` };
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === hostOf(url.protocol, host)) return OK;
    if (this.listed(url.origin)) return OK;
    return { ok: false, reason: `Origin "${origin}" is not allowed (the console's own origin and allowed_origins are)` };
  }

  /**
   * Fetch metadata: browsers say in `Sec-Fetch-Site` how the page behind a request relates to it.
   * An `<img>` or `<script>` of another page sends no Origin, and a page on another port of
   * localhost is the same *site*, so the console's SameSite=Strict cookie goes with it: only
   * `same-origin` and `none` (typed, bookmarked) pass, or another page's request that names an
   * origin of `allowed_origins`. Clients that are not browsers send no such header.
   */
  fetchSite(site: string | null, origin: string | null): Verdict {
    if (!isOtherPageSite(site)) return OK;
    if (origin !== null && this.listed(origin)) return OK;
    const from = origin === null ? 'a page of another origin that sent no Origin (an image, a script, a link)' : `Origin "${origin}"`;
    return { ok: false, reason: `a ${site} request from ${from} is not allowed (Sec-Fetch-Site; the console's own pages and allowed_origins are)` };
  }

  private listed(origin: string): boolean {
    const allowed = this.config.allowed_origins;
    return allowed.includes('*') || allowed.some((entry) => sameOrigin(entry, origin));
  }
}

/** The `Host` header as the page's URL would write it (default port dropped); '' when it is no host. */
function hostOf(protocol: string, host: string): string {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return '';
  }
}

function sameOrigin(entry: string, origin: string): boolean {
  try {
    return new URL(entry.trim()).origin === origin;
  } catch {
    return false;
  }
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | null): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
