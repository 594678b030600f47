import { ConfigError } from '@devhub/shared';
import type { GatewayConfig } from './schema';

const SET_KEY = 'set api_key in config.yaml or GW_API_KEY (a long random string, e.g. `openssl rand -hex 32`)';

/**
 * What a server must not start without a key (README "Security model"): a chat bridge drives
 * sessions from outside this machine, and the Feishu webhook is reached through a reverse proxy or
 * tunnel, whose requests arrive from loopback. Without a key nothing but the allow-lists would
 * stand between them and a shell.
 */
export function keylessExposure(config: Pick<GatewayConfig, 'api_key' | 'bridge'>): string[] {
  if (config.api_key) return [];
  const problems: string[] = [];
  const feishu = config.bridge?.feishu;
  if (feishu?.enabled) {
    const why = feishu.mode === 'long_connection'
      ? 'a chat bridge drives sessions from outside this machine'
      : 'its webhook is reached through a reverse proxy or tunnel, which makes remote requests look local';
    problems.push(`api_key: required when bridge.feishu.enabled is true (${why}); ${SET_KEY}`);
  }
  if (config.bridge?.telegram?.enabled) {
    problems.push(`api_key: required when bridge.telegram.enabled is true (a chat bridge drives sessions from outside this machine); ${SET_KEY}`);
  }
  return problems;
}

/** Refuses to serve such a config: ConfigError, so the CLI exits 2 with every problem listed. */
export function refuseKeylessExposure(config: GatewayConfig): void {
  const problems = keylessExposure(config);
  if (problems.length > 0) throw new ConfigError(config.config_file, problems);
}
