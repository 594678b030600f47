import { ConfigError, expandHome, parseConfig, validateConfig } from '@devhub/shared';
import { Type as t } from '@sinclair/typebox';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bridgeHint, bridgeProblems } from '../bridge/model';
import { type Env, overlayEnv } from './env';
import { inheritedEnv } from './forwarded';
import { GatewayConfigFile, type GatewayConfig, PROVIDER_IDS, type ProviderId } from './schema';
import { resolveHomeDir } from './paths';

const AnyObject = t.Record(t.String(), t.Unknown());

/** Provider names accepted on input (README "Configuration"): the ids, their assistant names, any case. */
const ALIASES: Record<string, ProviderId> = { claude: 'agent_a', codex: 'agent_b', gemini: 'agent_c', pi: 'agent_d' };

export function normalizeProvider(name: string): ProviderId | null {
  const key = name.trim().toLowerCase();
  if ((PROVIDER_IDS as readonly string[]).includes(key)) return key as ProviderId;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : null;
}

/**
 * Loads `<GW_DIR or ~/.agentgw>/config.yaml` (optional), overlays the environment (env wins) and
 * validates the result, reporting every bad key or variable at once as a ConfigError.
 */
export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  const homeDir = resolveHomeDir(env);
  const file = join(homeDir, 'config.yaml');
  const text = existsSync(file) ? readText(file) : '';
  const raw = parseConfig(file, text, { schema: AnyObject });
  return resolveGatewayConfig(raw, { env, homeDir, file });
}

export function resolveGatewayConfig(
  raw: Record<string, unknown>,
  where: { env?: Env; homeDir: string; file: string },
): GatewayConfig {
  const env = where.env ?? process.env;
  const { merged, problems: envProblems, fromEnv } = overlayEnv(raw, env);
  // Checked beside the schema so a bad provider is listed with every other problem at once.
  const problems = [...envProblems, ...providerProblems(merged.default_provider, fromEnv.get('default_provider'))];
  let parsed: GatewayConfigFile;
  try {
    parsed = validateConfig(where.file, merged, { schema: GatewayConfigFile, check: (c) => bridgeProblems(c.bridge), hint: bridgeHint });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const named = error.problems.map((p) => {
      const key = p.split(':')[0] ?? '';
      const variable = fromEnv.get(key);
      return variable ? `${p} (from env ${variable})` : p;
    });
    throw new ConfigError(where.file, [...problems, ...named]);
  }
  if (problems.length > 0) throw new ConfigError(where.file, problems);
  const provider = normalizeProvider(parsed.default_provider) ?? 'agent_a'; // checked above
  return {
    ...parsed, default_provider: provider, state_dir: stateDirOf(parsed.state_dir, env, where.homeDir), home_dir: where.homeDir, config_file: where.file, inherited_env: inheritedEnv(env),
  };
}

/** GW_DIR moves everything; a state_dir in the file (relative to its directory) only moves state files. */
function stateDirOf(setting: unknown, env: Env, homeDir: string): string {
  return env.GW_DIR?.trim() || typeof setting !== 'string' || !setting ? homeDir : resolve(homeDir, expandHome(setting, env));
}

/**
 * The state directory of a config that may be invalid (`server stop` and `status` must still find
 * a running server's PID file): GW_DIR, else the file's `state_dir` if it can be read at all, else
 * the config's own directory.
 */
export function locateStateDir(env: Env = process.env): string {
  const homeDir = resolveHomeDir(env);
  const file = join(homeDir, 'config.yaml');
  let setting: unknown;
  try {
    setting = parseConfig(file, existsSync(file) ? readFileSync(file, 'utf8') : '', { schema: AnyObject }).state_dir;
  } catch {
    setting = undefined;
  }
  return stateDirOf(setting, env, homeDir);
}

function providerProblems(value: unknown, envVariable: string | undefined): string[] {
  if (typeof value !== 'string' || normalizeProvider(value)) return []; // absent, or the schema's to report
  const expected = `${PROVIDER_IDS.join(', ')} or ${Object.keys(ALIASES).join(', ')}`;
  return [`default_provider: unknown provider "${value}" (expected one of ${expected})${envVariable ? ` (from env ${envVariable})` : ''}`];
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(file, [`cannot read: ${(error as Error).message}`]);
  }
}
