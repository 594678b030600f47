import { existsSync, readFileSync } from 'node:fs';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parseDocument } from 'yaml';
import { ConfigError } from './errors';

export interface LoadConfigOptions<S extends TSchema> {
  schema: S;
  /** Semantic checks the schema cannot express (e.g. a route naming an unknown provider). */
  check?: (config: Static<S>) => string[];
  /** When the file is missing: return defaults (default) or fail. */
  required?: boolean;
  /** A clearer message for a schema problem (`path` as `a.b[0]`, `value` the raw value there); null keeps the schema's. */
  hint?: (path: string, value: unknown) => string | null;
}

/**
 * Reads a YAML config at run time, fills defaults from the schema and validates it, reporting
 * every problem at once as `path: message` — never only the first, never a stack trace.
 */
export function loadConfig<S extends TSchema>(file: string, options: LoadConfigOptions<S>): Static<S> {
  if (!existsSync(file)) {
    if (options.required) throw new ConfigError(file, ['file not found']);
    return parseConfig(file, '', options);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(file, [`cannot read: ${(error as Error).message}`]);
  }
  return parseConfig(file, text, options);
}

/** Same as loadConfig, from text already in memory; `file` names it in messages. */
export function parseConfig<S extends TSchema>(file: string, text: string, options: LoadConfigOptions<S>): Static<S> {
  return validateConfig(file, readYaml(file, text), options);
}

/**
 * YAML text as a plain value (`{}` for an empty file). Every failure is a ConfigError: a syntax
 * error, and also what `toJS` throws after a clean parse, such as the yaml package's refusal of an
 * alias bomb ("Excessive alias count …", a ReferenceError).
 */
export function readYaml(file: string, text: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    throw new ConfigError(file, doc.errors.map((e) => {
      const pos = e.linePos?.[0];
      const message = (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      return `${pos ? `line ${pos.line}, column ${pos.col}: ` : ''}${message}`;
    }));
  }
  try {
    return doc.toJS() ?? {};
  } catch (error) {
    throw new ConfigError(file, [`cannot read the YAML: ${(error as Error).message}`]);
  }
}

export function validateConfig<S extends TSchema>(file: string, raw: unknown, options: LoadConfigOptions<S>): Static<S> {
  const value = Value.Default(options.schema, structuredClone(raw));
  const problems = [...Value.Errors(options.schema, value)].map((e) => {
    const path = formatPath(e.path);
    return options.hint?.(path, e.value) ?? `${path}: ${unionWords(e.schema, e.value) ?? e.message.toLowerCase()}`;
  });
  // Semantic checks run even on a file with schema problems, so one run reports everything; on a
  // shape they cannot read they are skipped (the schema problems already say what is wrong).
  let semantic: string[] = [];
  try {
    semantic = options.check?.(value as Static<S>) ?? [];
  } catch {
    semantic = [];
  }
  if (problems.length + semantic.length > 0) throw new ConfigError(file, dedupe([...problems, ...semantic]));
  return value as Static<S>;
}

/**
 * "expected union value" in words: for a union of literals, the values it accepts and the one it
 * got (`expected one of "mon", "tue", … (got "monday")`); for other unions, the kinds it accepts.
 */
function unionWords(schema: TSchema, value: unknown): string | null {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!Array.isArray(options)) return null;
  const got = value === undefined ? 'nothing' : JSON.stringify(value);
  if (options.every((o) => 'const' in o)) return `expected one of ${options.map((o) => JSON.stringify(o.const)).join(', ')} (got ${got})`;
  const kinds = [...new Set(options.map((o) => (typeof o.type === 'string' ? (o.type === 'object' ? 'a mapping' : o.type === 'array' ? 'a list' : `a ${o.type}`) : 'another shape')))];
  return `expected ${kinds.join(' or ')} (got ${got})`;
}

/** `/providers/minimax/api_keys/0/key` → `providers.minimax.api_keys[0].key`. */
export function formatPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(root)';
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}
