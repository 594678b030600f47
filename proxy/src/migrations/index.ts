import { ConfigError, writeFileAtomic } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse, stringify } from 'yaml';
import { CONFIG_VERSION, parseProxyConfig } from '../config';
import type { Migration } from './types';
import { v0ToV1 } from './v0-to-v1';

export type { Migration } from './types';

/** The ordered chain; each step's `to` is the next step's `from`, ending at CONFIG_VERSION. */
export const MIGRATIONS: Migration[] = [v0ToV1];

export interface MigrationResult {
  from: number;
  to: number;
  steps: string[];
  /** Copy of the file before migration. */
  backup: string | null;
}

/** A file without `config_version` predates versioning: version 0. */
export function versionOf(raw: Record<string, any>, file = 'config.yaml'): number {
  const v = raw.config_version;
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'string' ? Number(v) : v;
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(file, [`config_version: expected a whole number, got ${JSON.stringify(v)}`]);
  return n;
}

/** Applies every step from the file's version to `target`, in order. */
export function migrateValue(raw: Record<string, any>, target = CONFIG_VERSION, file = 'config.yaml'): { value: Record<string, any>; from: number; steps: string[] } {
  const from = versionOf(raw, file);
  if (from > target) {
    throw new ConfigError(file, [`config_version: ${from} is newer than this program understands (${target}); update modelproxy (modelproxy update)`]);
  }
  let value = raw;
  const steps: string[] = [];
  for (let v = from; v < target; v++) {
    const step = MIGRATIONS.find((m) => m.from === v);
    if (!step) throw new ConfigError(file, [`config_version: no migration from version ${v}`]);
    value = step.up(value);
    value.config_version = step.to;
    steps.push(`v${step.from} → v${step.to}: ${step.describe}`);
  }
  return { value, from, steps };
}

/**
 * Spec Versioning: an older config is backed up first (`config.yaml.v<old>.bak`), migrated step by
 * step, validated, then rewritten atomically. A newer config is refused. Returns null when the file
 * is missing, unparsable (the loader reports that) or already current.
 */
export function migrateConfigFile(path: string, target = CONFIG_VERSION): MigrationResult | null {
  if (!existsSync(path)) return null;
  const original = readFileSync(path, 'utf8');
  let raw: unknown;
  try {
    raw = parse(original);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const { value, from, steps } = migrateValue(raw as Record<string, any>, target, path);
  if (steps.length === 0) return null;
  const text = `# Migrated from config_version ${from} to ${target} by modelproxy; the original is in ${basename(path)}.v${from}.bak\n${stringify(value)}`;
  parseProxyConfig(text, path);
  const backup = `${path}.v${from}.bak`;
  // Both writes are atomic: a crash leaves either no backup or a whole one, and the old or new config.
  writeFileAtomic(backup, original, { mode: 0o600 });
  writeFileAtomic(path, text, { mode: 0o600 });
  return { from, to: target, steps, backup };
}
