/**
 * The environment of an mjai bot process. Bots are third-party code, so they get only what a
 * program needs to run, never the server's own settings (`MAHJONG_ADMIN_TOKEN` opens every
 * game's hidden hands, `MAHJONG_REDIS_URL` carries credentials) or anything else of ours; a
 * bots file's `env:` adds what a bot needs on top.
 */
const PASSED = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LANGUAGE', 'TMPDIR', 'TZ']);
const passed = (name: string) => PASSED.has(name) || name.startsWith('LC_');

export function botEnvironment(extra: Record<string, string | undefined> = {}, from: Record<string, string | undefined> = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(from)) if (v !== undefined && passed(k)) env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}
