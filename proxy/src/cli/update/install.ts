import { writeFileAtomic } from '@devhub/shared';
import { createHash } from 'node:crypto';
import { CommandFailed } from '../_errors';
import type { ReleaseManifest } from './manifest';

const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Downloads the binary for this platform, checks its sha256 and only then replaces `target`
 * atomically (same-directory temp file + rename: a running copy keeps its old inode). A mismatch
 * leaves `target` untouched.
 */
export async function installBinary(manifest: ReleaseManifest, manifestUrl: string, platform: string, target: string): Promise<{ bytes: number; sha256: string }> {
  const entry = manifest.platforms[platform];
  if (!entry) throw new CommandFailed(`release ${manifest.version} has no binary for ${platform} (has: ${Object.keys(manifest.platforms).join(', ') || 'none'})`, 'UPDATE_NO_BINARY');
  const url = new URL(entry.url, manifestUrl).toString();
  const failed = (why: string) => new CommandFailed(`cannot download ${url}: ${why}`, 'UPDATE_DOWNLOAD_FAILED');
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) throw failed(`HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw error instanceof CommandFailed ? error : failed((error as Error).message);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== entry.sha256.toLowerCase()) {
    throw new CommandFailed(`sha256 mismatch for ${url}: expected ${entry.sha256.toLowerCase()}, got ${sha256}; nothing was replaced`, 'UPDATE_HASH_MISMATCH');
  }
  writeFileAtomic(target, bytes, { mode: 0o755 });
  return { bytes: bytes.length, sha256 };
}
