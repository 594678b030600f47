import { fingerprint } from '../usage/cache';

const fingerprints = new Map<string, string>();
/** sha256 of a key, the id `usage-cache.json` uses (memoized: the same few keys serve every request). */
export function keyFingerprint(key: string): string {
  let fp = fingerprints.get(key);
  if (fp === undefined) {
    fp = fingerprint(key);
    if (fingerprints.size > 1024) fingerprints.clear();
    fingerprints.set(key, fp);
  }
  return fp;
}
