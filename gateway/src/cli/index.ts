#!/usr/bin/env bun
import { runCli } from '@devhub/shared/cli';
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';

export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'agentgw — session gateway' },
  subCommands: {
    server: () => import('./server').then((m) => m.default),
    serve: () => import('./serve').then((m) => m.default),
    hook: () => import('./hook').then((m) => m.default),
    hooks: () => import('./hooks').then((m) => m.default),
    service: () => import('./service').then((m) => m.default),
  },
});

if (import.meta.main) await runCli(main);
