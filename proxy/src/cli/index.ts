#!/usr/bin/env bun
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';
import { lazyCommand, runCli } from '@devhub/shared/cli';

/**
 * Each command's code loads only when that command runs: `statusline` runs on every Claude Code
 * status refresh and must not load the server (elysia), the config schema or the YAML parser
 * (test/cli/lazy-commands.test.ts checks its module graph). The descriptions here are the root's
 * `--help` listing, kept equal to each command's own meta by that test.
 */
export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'modelproxy — local model proxy' },
  subCommands: {
    serve: lazyCommand({ name: 'serve', description: 'Run the proxy in the foreground (alias: run); SIGUSR1 reloads config.yaml' }, () => import('./serve').then((m) => m.default)),
    usage: lazyCommand({ name: 'usage', description: 'Query the remaining quota of every configured key' }, () => import('./usage').then((m) => m.default)),
    status: lazyCommand({ name: 'status', description: 'Show whether the proxy is running and the quota of every key' }, () => import('./status').then((m) => m.default)),
    stats: lazyCommand({ name: 'stats', description: 'Requests, errors, tokens, p50/p95 latency and cost recorded by serve (requests.db)' }, () => import('./stats').then((m) => m.default)),
    statusline: lazyCommand({ name: 'statusline', description: "Claude Code status line: the target of the session's last turn, its quota and the session's tokens (JSON on stdin)" }, () => import('./statusline').then((m) => m.default)),
    service: lazyCommand({ name: 'service', description: 'Manage the user-level service (systemd user unit on Linux, launchd agent on macOS)' }, () => import('./service/index').then((m) => m.default)),
    config: lazyCommand({ name: 'config', description: 'Show, check, edit and migrate config.yaml' }, () => import('./config/index').then((m) => m.default)),
    settings: lazyCommand({ name: 'settings', description: "Bridge config.yaml and the assistant's settings.json (~/.claude, CLAUDE_CONFIG_DIR honoured)" }, () => import('./settings/index').then((m) => m.default)),
    doctor: lazyCommand({ name: 'doctor', description: 'Diagnose config, keys, port, service, assistant settings and upstream connectivity' }, () => import('./doctor/index').then((m) => m.default)),
    sync: lazyCommand({ name: 'sync', description: 'Encrypted sync of config.yaml through a WebDAV-style server (AES-256-GCM, scrypt)' }, () => import('./sync/index').then((m) => m.default)),
    update: lazyCommand({ name: 'update', description: 'Check for a newer release and install it (binary) or print how to (source checkout)' }, () => import('./update/index').then((m) => m.default)),
    logs: lazyCommand({ name: 'logs', description: 'Show the service log (journal on Linux, log file on macOS)' }, () => import('./service/logs').then((m) => m.default)),
    check: lazyCommand({ name: 'check', description: 'Deprecated alias of doctor', hidden: true }, () => import('./check').then((m) => m.default)),
    run: lazyCommand({ name: 'run', description: 'Alias of serve', hidden: true }, () => import('./serve').then((m) => m.default)),
  },
});

if (import.meta.main) await runCli(main);
