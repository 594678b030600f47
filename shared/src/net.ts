/** Resolves host and port for a server: CLI flag, then environment variable, then default. */
export function resolveListen(
  flags: { host?: string; port?: string | number },
  env: { host: string; port: string },
  defaults: { host: string; port: number },
  source: Record<string, string | undefined> = process.env,
): { host: string; port: number } {
  const host = (flags.host || source[env.host] || defaults.host).trim();
  const rawPort = flags.port ?? source[env.port] ?? defaults.port;
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`invalid port "${rawPort}": expected an integer 0-65535`);
  }
  return { host, port };
}

/** A URL a browser can open for a listening address (0.0.0.0 shown as 127.0.0.1). */
export function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Every product listens exclusively. Elysia turns SO_REUSEPORT on by default: a second server on
 * a taken port then starts "fine" and the kernel splits requests between two servers that hold
 * different state (sessions, key cooldowns, windows).
 */
export const EXCLUSIVE_LISTEN = { reusePort: false } as const;

/** A failed listen in words: what went wrong and what to change, never a stack trace. */
export function listenErrorMessage(err: unknown, listen: { host: string; port: number }, program: string): string {
  const code = (err as { code?: string } | null)?.code;
  const where = `${listen.host}:${listen.port}`;
  if (code === 'EADDRINUSE' || /in use/i.test((err as Error)?.message ?? '')) return `cannot listen on ${where}: the port is in use (another ${program}?); choose another with --port`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied (ports below 1024 need privileges)`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: no such address on this machine (--host)`;
  return `cannot listen on ${where}: ${code ?? (err as Error)?.message} (is --host an address of this machine?)`;
}
