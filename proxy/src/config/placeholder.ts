/** The value the default config writes where a key belongs. */
export const PLACEHOLDER_KEY = 'YOUR_API_KEY';

/**
 * A key the user has not filled in: empty, the written placeholder (any `YOUR_…KEY` spelling), or a
 * documentation example ending in `...`. Such a key is never sent upstream, probed or cached.
 */
export function isPlaceholderKey(key: string | null | undefined): boolean {
  if (!key) return true;
  const k = key.trim();
  return k === '' || /^YOUR[_-][A-Z0-9_-]*KEY$/i.test(k) || k.endsWith('...') || k.endsWith('…');
}
