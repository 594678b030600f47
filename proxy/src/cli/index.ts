#!/usr/bin/env bun
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';
import { runCli } from '@devhub/shared/cli';

export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'modelproxy — local model proxy' },
  subCommands: {
    serve: () => import('./serve').then((m) => m.default),
    usage: () => import('./usage').then((m) => m.default),
    status: () => import('./status').then((m) => m.default),
    stats: () => import('./stats').then((m) => m.default),
    statusline: () => import('./statusline').then((m) => m.default),
    service: () => import('./service/index').then((m) => m.default),
    config: () => import('./config/index').then((m) => m.default),
    settings: () => import('./settings/index').then((m) => m.default),
    doctor: () => import('./doctor/index').then((m) => m.default),
    sync: () => import('./sync/index').then((m) => m.default),
    update: () => import('./update/index').then((m) => m.default),
    logs: () => import('./service/logs').then((m) => m.default),
    check: () => import('./check').then((m) => m.default),
    run: () => import('./serve').then((m) => ({ ...m.default, meta: { name: 'run', description: 'Alias of serve', hidden: true } })),
  },
});

if (import.meta.main) await runCli(main);
