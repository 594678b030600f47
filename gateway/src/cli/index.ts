#!/usr/bin/env bun
import { lazyCommand, runCli } from '@devhub/shared/cli';
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';

/**
 * Each command's code loads only when that command runs, so `agentgw --help` and `agentgw hook`
 * (run on every assistant event) do not load the server. The descriptions here are the root's
 * `--help` listing, kept equal to each command's own meta by test/cli/lazy-commands.test.ts.
 */
export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'agentgw — session gateway' },
  subCommands: {
    server: lazyCommand({ name: 'server', description: 'Start, stop and inspect the API server' }, () => import('./server').then((m) => m.default)),
    serve: lazyCommand({ name: 'serve', description: 'Run the server in the foreground (same as: server start)' }, () => import('./serve').then((m) => m.default)),
    hook: lazyCommand({ name: 'hook', description: 'Record an assistant hook event (hook JSON on stdin, or as the argument: Codex notify; prints nothing)' }, () => import('./hook').then((m) => m.default)),
    hooks: lazyCommand({ name: 'hooks', description: 'Install, remove or inspect the assistant hooks' }, () => import('./hooks').then((m) => m.default)),
    service: lazyCommand({ name: 'service', description: 'Run the server as a user service (systemd user unit on Linux, launchd agent on macOS)' }, () => import('./service').then((m) => m.default)),
  },
});

if (import.meta.main) await runCli(main);
