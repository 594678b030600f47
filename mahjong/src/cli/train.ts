import { defineCommand } from 'citty';
import { BadArgument, createLogger, writeJsonAtomic } from '@devhub/shared';
import { collectLogFiles } from './_mjlog-files';
import { mjlogText } from '../engine/game';
import { parseLogText } from '../formats';
import { createAgent } from '../engine/ai';
import { arenaTable, playArena } from '../engine/sim/arena';
import { PolicyAgent } from '../policy/agent';
import { samplesFromPaipu, type Sample } from '../policy/dataset';
import { accuracy, train } from '../policy/train';
import { splitGames } from '../policy/split';

export default defineCommand({
  meta: { name: 'train', description: 'Train a discard policy (mahjong-policy-v1) by imitating the discards in mjlog logs' },
  args: {
    logs: { type: 'positional', description: 'mjlog files or directories', required: true },
    out: { type: 'string', description: 'Where to write the model file', default: 'policy.json' },
    hidden: { type: 'string', description: 'Hidden units', default: '12' },
    epochs: { type: 'string', description: 'Passes over the data', default: '6' },
    rate: { type: 'string', description: 'Learning rate', default: '0.05' },
    seed: { type: 'string', description: 'Seed of the initial weights, the shuffling and the held-out games', default: '1' },
    holdout: { type: 'string', description: 'Share of the games kept out of training to measure agreement on unseen games (0 = train on all)', default: '0.2' },
    evaluate: { type: 'string', description: 'Duplicate-arena games against random and against heuristic players afterwards, rounded up to a multiple of 4 (0 = none)', default: '40' },
  },
  async run({ args }) {
    const log = createLogger('mahjong');
    const num = (name: 'hidden' | 'epochs' | 'rate' | 'seed' | 'evaluate' | 'holdout', integer: boolean, min: number, below = Infinity): number => {
      const v = Number(args[name]);
      if (Number.isFinite(v) && v >= min && v < below && (!integer || Number.isInteger(v))) return v;
      throw new BadArgument(`--${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${min}${below < Infinity ? ` and < ${below}` : ''}, got "${args[name]}"`);
    };
    const opts = {
      hidden: num('hidden', true, 1), epochs: num('epochs', true, 1), rate: num('rate', false, 0), seed: num('seed', true, 0),
      evaluate: num('evaluate', true, 0), holdout: num('holdout', false, 0, 1),
    };
    const { files, missing } = collectLogFiles([...new Set([String(args.logs), ...(args._ as string[])])]);
    for (const m of missing) log.warn(`${m}: no such file or directory`);
    if (files.length === 0) throw new BadArgument('no logs found in the given paths');
    const seen = new Set<string>();
    const games: { key: string; samples: Sample[] }[] = [];
    for (const f of files) {
      try {
        const text = await mjlogText(new Uint8Array(await Bun.file(f).arrayBuffer()));
        const key = Bun.hash(text).toString();
        if (seen.has(key)) continue; // identical copies of one game count once
        seen.add(key);
        games.push({ key, samples: samplesFromPaipu(parseLogText(text).paipu) });
      } catch (err) {
        log.warn(`${f}: skipped (${(err as Error).message})`);
      }
    }
    if (!games.some((g) => g.samples.length)) {
      throw new BadArgument('no discards found in the given logs');
    }
    // Split by game (src/policy/split.ts): the held-out agreement is measured on games never trained on.
    const split = splitGames(games, (g) => g.key, opts.holdout, opts.seed);
    const samples = split.train.flatMap((g) => g.samples);
    const heldOut = split.heldOut.flatMap((g) => g.samples);
    log.info(`${games.length} games, ${samples.length + heldOut.length} discards: training on ${split.train.length} games (${samples.length} discards), holding out ${split.heldOut.length} (${heldOut.length})`);
    if (opts.holdout > 0 && !heldOut.length) log.warn('no game held out (too few games): the agreement below is on the training games only');
    const model = train(samples, {
      hidden: opts.hidden, epochs: opts.epochs, rate: opts.rate, seed: opts.seed,
      onEpoch: (e, loss, acc) => log.info(`epoch ${e}: loss ${loss.toFixed(4)}, agrees with the recorded discard ${(acc * 100).toFixed(1)}%`),
    });
    model.name = 'policy';
    const share = (n: number) => Number(n.toFixed(4));
    const trainAgreement = share(accuracy(model, samples));
    model.trained_on = { files: split.train.length, samples: samples.length, accuracy: trainAgreement, holdout: opts.holdout };
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    let summary = `agreement with the recorded discard: ${pct(trainAgreement)} on the ${split.train.length} training games`;
    if (heldOut.length) {
      model.trained_on.held_out = { files: split.heldOut.length, samples: heldOut.length, accuracy: share(accuracy(model, heldOut)) };
      summary += `, ${pct(model.trained_on.held_out.accuracy)} on the ${split.heldOut.length} held-out games`;
    }
    process.stdout.write(`${summary}\n`);
    writeJsonAtomic(String(args.out), model);
    log.success(`wrote ${args.out}`);
    // The same duplicate matches as `mahjong arena`: each wall played with the policy in every seat.
    const walls = Math.ceil(opts.evaluate / 4);
    if (walls > 0) {
      for (const opponent of ['random', 'heuristic']) {
        const { report } = playArena({
          lineup: ['policy', opponent, opponent, opponent], walls, seed: opts.seed,
          agent: (name, salt) => (name === 'policy' ? new PolicyAgent(model) : createAgent(name, salt)),
        });
        process.stdout.write(`\nthe policy against three ${opponent} players:\n${arenaTable(report)}\n`);
      }
    }
  },
});
