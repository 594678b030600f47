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
