#!/usr/bin/env bun
import { runCli } from '@devhub/shared/cli';
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';

export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'mahjong — riichi mahjong platform' },
  subCommands: {
    serve: () => import('./serve').then((m) => m.default),
    verify: () => import('./verify').then((m) => m.default),
    arena: () => import('./arena').then((m) => m.default),
    simulate: () => import('./simulate').then((m) => m.default),
    score: () => import('./score').then((m) => m.default),
    train: () => import('./train').then((m) => m.default),
    convert: () => import('./convert').then((m) => m.default),
    games: () => import('./games').then((m) => m.default),
    ladder: () => import('./ladder').then((m) => m.default),
    env: () => import('./env').then((m) => m.default),
    review: () => import('./review').then((m) => m.default),
  },
});

if (import.meta.main) await runCli(main);
