import { request } from '../http';
import { originOf } from '../select';
import { type Adapter, show } from './common';
import { percentLine, pickWindow, readLimits, toWindow } from './zhipu-limits';

export const ZHIPU_QUOTA_PATH = '/api/monitor/usage/quota/limit';

/**
 * Platform C (personal coding plan). The raw key goes in `Authorization`, without `Bearer`.
 * Pay-as-you-go keys get a platform error here and fall back to the probe.
 */
export const zhipuAdapter: Adapter = async (ctx) => {
  const answer = await request({
    url: `${originOf(ctx.baseUrl)}${ZHIPU_QUOTA_PATH}`,
    headers: { authorization: ctx.entry.key, 'accept-language': 'en-US,en', accept: 'application/json' },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    secrets: [ctx.entry.key],
  });
  const { level, limits } = readLimits(answer);
  return {
    method: 'zhipu coding plan',
    plan: level,
    five_hour: toWindow(pickWindow(limits, 5), ctx.now, 5),
    weekly: toWindow(pickWindow(limits, 168), ctx.now, 168),
    lines: [`plan: ${show(level)}`, ...limits.map(percentLine)],
  };
};
