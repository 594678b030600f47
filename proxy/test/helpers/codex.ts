import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The real Codex CLI (a dev dependency); its tests skip when it is not installed. */
export const CODEX = join(import.meta.dir, '../../node_modules/.bin/codex');

/**
 * Runs the real Codex CLI once (`codex exec`) in `cwd`, configured only through its own CODEX_HOME
 * (`home`): a model provider at `{proxyUrl}/v1` speaking the Responses API, the key in an env var of
 * the child alone. `extraConfig` is appended to config.toml. Killed after 90 s.
 */
export async function codexExec(home: string, cwd: string, proxyUrl: string, prompt: string, extraConfig = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.toml'), [
    'model = "gpt-5-codex-mock"',
    'model_provider = "modelproxy"',
    extraConfig,
    '[model_providers.modelproxy]',
    'name = "modelproxy"',
    `base_url = "${proxyUrl}/v1"`,
    'env_key = "MODELPROXY_CLIENT_KEY"',
    'wire_api = "responses"',
    '',
  ].join('\n'));
  await using proc = Bun.spawn([CODEX, 'exec', '--skip-git-repo-check', '--sandbox', 'danger-full-access', prompt], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home, TMPDIR: home, MODELPROXY_CLIENT_KEY: 'codex-dummy-client-key', NO_COLOR: '1', RUST_LOG: 'error' },
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  const timer = setTimeout(() => proc.kill(), 90_000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}
