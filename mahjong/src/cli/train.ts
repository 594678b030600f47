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

export default defineCommand({
  meta: { name: 'train', description: 'Train a discard policy (mahjong-policy-v1) by imitating the discards in mjlog logs' },
  args: {
    logs: { type: 'positional', description: 'mjlog files or directories', required: true },
    out: { type: 'string', description: 'Where to write the model file', default: 'policy.json' },
    hidden: { type: 'string', description: 'Hidden units', default: '12' },
    epochs: { type: 'string', description: 'Passes over the data', default: '6' },
    rate: { type: 'string', description: 'Learning rate', default: '0.05' },
    seed: { type: 'string', description: 'Seed of the initial weights and shuffling', default: '1' },
    evaluate: { type: 'string', description: 'Duplicate-arena games against random and against heuristic players afterwards, rounded up to a multiple of 4 (0 = none)', default: '40' },
  },
  async run({ args }) {
    const log = createLogger('mahjong');
    const num = (name: 'hidden' | 'epochs' | 'rate' | 'seed' | 'evaluate', integer: boolean, min: number): number => {
      const v = Number(args[name]);
      if (Number.isFinite(v) && v >= min && (!integer || Number.isInteger(v))) return v;
      throw new BadArgument(`--${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${min}, got "${args[name]}"`);
    };
    const opts = { hidden: num('hidden', true, 1), epochs: num('epochs', true, 1), rate: num('rate', false, 0), seed: num('seed', true, 0), evaluate: num('evaluate', true, 0) };
    const { files, missing } = collectLogFiles([...new Set([String(args.logs), ...(args._ as string[])])]);
    for (const m of missing) log.warn(`${m}: no such file or directory`);
    if (files.length === 0) throw new BadArgument('no logs found in the given paths');
    const seen = new Set<string>();
    const samples: Sample[] = [];
    let used = 0;
    for (const f of files) {
      try {
        const text = await mjlogText(new Uint8Array(await Bun.file(f).arrayBuffer()));
        const key = Bun.hash(text).toString();
        if (seen.has(key)) continue; // identical copies of one game count once
        seen.add(key);
        samples.push(...samplesFromPaipu(parseLogText(text).paipu));
        used++;
      } catch (err) {
        log.warn(`${f}: skipped (${(err as Error).message})`);
      }
    }
    if (!samples.length) {
      throw new BadArgument('no discards found in the given logs');
    }
    log.info(`${used} games, ${samples.length} discards`);
    const model = train(samples, {
      hidden: opts.hidden, epochs: opts.epochs, rate: opts.rate, seed: opts.seed,
      onEpoch: (e, loss, acc) => log.info(`epoch ${e}: loss ${loss.toFixed(4)}, agrees with the recorded discard ${(acc * 100).toFixed(1)}%`),
    });
    model.name = 'policy';
    model.trained_on = { files: used, samples: samples.length, accuracy: Number(accuracy(model, samples).toFixed(4)) };
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
