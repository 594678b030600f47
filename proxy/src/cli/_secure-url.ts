import { isLoopbackHost } from '../config/listen';

/**
 * Whether the CLI may talk to `url`: over https, or over plain http to this machine (a local
 * mirror or server). Plain http over a network lets anyone on the way read and change what goes:
 * a release manifest (and the sha256 it vouches for), a sync password.
 */
export function isSecureUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.host));
  } catch {
    return false;
  }
}
