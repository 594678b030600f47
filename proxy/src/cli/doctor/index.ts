import { defineCommand } from 'citty';
import { stateDir } from '../../config';
import { offlineArg, print } from '../_args';
import { usageTimeoutMs } from '../usage';
import { checkConfig, checkKeys, checkPort, checkService, checkSettings } from './local';
import { MARKS, type CheckResult } from './model';
import { checkUpstreams } from './network';
import { ExitStatus } from '@devhub/shared';

/** Read-only diagnostics, then (unless --offline) one connectivity request per provider. */
export async function runDoctor(offline: boolean): Promise<CheckResult[]> {
  const { result, config } = checkConfig(stateDir());
  const results = [result];
  if (!config) return results;
  results.push(...checkKeys(config), await checkPort(config), checkService(), checkSettings(config));
  if (offline) results.push({ status: 'skip', name: 'upstreams', detail: 'skipped (--offline)' });
  else results.push(...(await checkUpstreams(config, usageTimeoutMs())));
  return results;
}

export const doctorArgs = { ...offlineArg, json: { type: 'boolean', description: 'Structured output', default: false } } as const;

export async function doctor(args: { offline: boolean; json: boolean }): Promise<void> {
  const results = await runDoctor(args.offline);
  const failed = results.some((r) => r.status === 'fail');
  if (args.json) print(JSON.stringify({ ok: !failed, checks: results }, null, 2));
  else {
    const width = Math.max(...results.map((r) => r.name.length));
    print(results.map((r) => `${MARKS[r.status]} ${r.name.padEnd(width)}  ${r.detail}`));
  }
  if (failed) throw new ExitStatus(1);
}

export default defineCommand({
  meta: { name: 'doctor', description: 'Diagnose config, keys, port, service, assistant settings and upstream connectivity' },
  args: doctorArgs,
  run: ({ args }) => doctor(args),
});
