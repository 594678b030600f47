#!/usr/bin/env bun
import { lazyCommand, runCli } from '@devhub/shared/cli';
import { defineCommand } from 'citty';
import { CLI_NAME, VERSION } from '../version';

/**
 * Each command's code loads only when that command runs, so `mahjong --help` does not load the
 * server, the engine or the bots. The descriptions here are the root's `--help` listing, kept
 * equal to each command's own meta by test/cli/lazy-commands.test.ts. One line per command.
 */
export const main = defineCommand({
  meta: { name: CLI_NAME, version: VERSION, description: 'mahjong — riichi mahjong platform' },
  subCommands: {
    serve: lazyCommand({ name: 'serve', description: 'Run the server in the foreground' }, () => import('./serve').then((m) => m.default)),
    verify: lazyCommand({ name: 'verify', description: 'Replay game logs (Tenhou XML, tenhou.net/6 JSON, mjai lines) through the engine and check every action and result' }, () => import('./verify').then((m) => m.default)),
    arena: lazyCommand({ name: 'arena', description: 'Duplicate matches: the same walls played with the contestants rotated through all seats' }, () => import('./arena').then((m) => m.default)),
    simulate: lazyCommand({ name: 'simulate', description: 'Play full games between AI players headless and report statistics' }, () => import('./simulate').then((m) => m.default)),
    score: lazyCommand({ name: 'score', description: 'Score a winning hand: yaku, han, fu, limit and payments (Tenhou rules)' }, () => import('./score').then((m) => m.default)),
    train: lazyCommand({ name: 'train', description: 'Train a discard policy (mahjong-policy-v1) by imitating the discards in mjlog logs' }, () => import('./train').then((m) => m.default)),
    convert: lazyCommand({ name: 'convert', description: 'Convert a game log between Tenhou XML, tenhou.net/6 JSON and mjai JSON lines' }, () => import('./convert').then((m) => m.default)),
    games: lazyCommand({ name: 'games', description: 'Finished games stored by `mahjong serve`: list, show, export' }, () => import('./games').then((m) => m.default)),
    ladder: lazyCommand({ name: 'ladder', description: 'The duplicate-match ladder kept by mahjong serve --ladder (rating with its interval, games, last played) and the published strength figures' }, () => import('./ladder').then((m) => m.default)),
    env: lazyCommand({ name: 'env', description: 'A JSON-lines game environment on stdin/stdout (reset/step with the 54-action masks) for Python and other bot developers' }, () => import('./env').then((m) => m.default)),
    review: lazyCommand({ name: 'review', description: 'Review a game: every decision valued, the engine\'s choice against the player\'s, mistakes and a rating per seat' }, () => import('./review').then((m) => m.default)),
  },
});

if (import.meta.main) await runCli(main);
