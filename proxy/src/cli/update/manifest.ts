import { Value } from '@sinclair/typebox/value';
import { Type as t } from '@sinclair/typebox';
import { isSecureUrl } from '../_secure-url';
import { BadArgument, CommandFailed } from '../_errors';

/** Release manifest: the newest version and, per `<os>-<arch>`, where its binary is and its sha256. */
export const ReleaseManifest = t.Object({
  version: t.String({ pattern: '^\\d+\\.\\d+\\.\\d+' }),
  platforms: t.Record(t.String(), t.Object({ url: t.String({ minLength: 1 }), sha256: t.String({ pattern: '^[0-9a-fA-F]{64}$' }) })),
  notes: t.Optional(t.String()),
});
export type ReleaseManifest = typeof ReleaseManifest.static;

export const platformKey = (platform: string = process.platform, arch: string = process.arch): string => `${platform}-${arch}`;

/** `--manifest`, else `$MODELPROXY_UPDATE_MANIFEST`, else `update.manifest_url` of config.yaml. */
export function manifestUrl(flag: string | undefined, configured: string | undefined, env = process.env): string {
  const url = flag || env.MODELPROXY_UPDATE_MANIFEST || configured;
  if (!url) throw new BadArgument('no release manifest configured: set update.manifest_url in config.yaml, pass --manifest <url> or set MODELPROXY_UPDATE_MANIFEST');
  if (!isSecureUrl(url)) throw new BadArgument(`the manifest URL must be https (plain http only on this machine: localhost, 127.0.0.1): ${url}`);
  return url;
}

/** Redirects followed at most (a release host may send the manifest to its CDN). */
const MAX_REDIRECTS = 5;

export async function fetchManifest(url: string, timeoutMs = 30_000): Promise<ReleaseManifest> {
  let response: Response;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    // Redirects are followed by hand: each new address must be as secure as the first, checked before it is asked.
    let at = url;
    for (let hops = 0; ; hops++) {
      response = await fetch(at, { signal, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) break;
      await response.body?.cancel();
      const next = new URL(location, at).toString();
      if (!isSecureUrl(next)) throw new CommandFailed(`release manifest ${url} redirected to ${next}, which is not https; nothing was read from it`, 'UPDATE_INSECURE');
      if (hops >= MAX_REDIRECTS) throw new CommandFailed(`release manifest ${url} redirected more than ${MAX_REDIRECTS} times`, 'UPDATE_UNREACHABLE');
      at = next;
    }
  } catch (error) {
    if (error instanceof CommandFailed) throw error;
    throw new CommandFailed(`cannot fetch the release manifest ${url}: ${(error as Error).message}`, 'UPDATE_UNREACHABLE');
  }
  if (!response.ok) throw new CommandFailed(`release manifest ${url} answered HTTP ${response.status}`, 'UPDATE_UNREACHABLE');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CommandFailed(`release manifest ${url} is not JSON`, 'UPDATE_BAD_MANIFEST');
  }
  if (!Value.Check(ReleaseManifest, body)) {
    const first = [...Value.Errors(ReleaseManifest, body)][0];
    throw new CommandFailed(`release manifest ${url} is malformed (${first ? `${first.path || '(root)'}: ${first.message}` : 'unexpected shape'})`, 'UPDATE_BAD_MANIFEST');
  }
  return body;
}

/** Semantic-version order; a pre-release sorts before its release (1.2.0-rc.1 < 1.2.0). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.replace(/^v/, '').split('-', 2);
    return { nums: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}
