import { afterAll, beforeAll } from 'bun:test';
import { TempDirs } from '@devhub/shared/testing';
import { stringify } from 'yaml';
import { parseProxyConfig, type ProxyConfig } from '../../src/config';

export interface ProviderSpec {
  base_url: string;
  api_keys: { key: string; note?: string; organization?: string; project?: string }[];
  usage_adapter?: string;
}

/** A validated config (same loader as the program) with one catch-all route. */
export function makeConfig(providers: Record<string, ProviderSpec>): ProxyConfig {
  const first = Object.keys(providers)[0]!;
  return parseProxyConfig(stringify({ config_version: 1, providers, routes: { default: [{ match: '.*', provider: first }] } }));
}

export function configYaml(providers: Record<string, ProviderSpec>): string {
  const first = Object.keys(providers)[0]!;
  return stringify({ config_version: 1, providers, routes: { default: [{ match: '.*', provider: first }] } });
}

const dirs = new TempDirs('mp-usage-');

/** A temp dir removed when disposed (`using`); one left undisposed is removed after the run. */
export function tempDir(prefix = 'mp-usage-'): { path: string; [Symbol.dispose](): void } {
  const path = dirs.make(prefix);
  return { path, [Symbol.dispose]: () => dirs.remove(path) };
}

/**
 * Verbose reset stamps are local time: pins the time zone for one test file's tests and restores
 * it afterwards, so no later file runs in a zone it did not ask for.
 */
export function pinTimeZone(zone: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
