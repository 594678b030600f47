import { UsageQueryFailed } from '../errors';
import { jsonObject, request } from '../http';
import { originOf } from '../select';
import { type AdapterContext, type Adapter, isRecord, parseTime, show } from './common';
import { creditLine, pickWindow, readLimits, toWindow } from './zhipu-limits';
import { ZHIPU_QUOTA_PATH } from './zhipu';

/**
 * The subscription-detail resource of the team edition is not publicly documented; this path and
 * the fields read below (plan name, expiry, auto-renew, with common spellings) are our choice and
 * are recorded in the README. A failure here only leaves the plan details unknown.
 */
export const ZHIPU_SUBSCRIPTION_PATH = '/api/monitor/usage/subscription';

/** Platform D: team edition, `?type=2` with organization and project headers from the key entry. */
export const zhipuTeamAdapter: Adapter = async (ctx) => {
  const { organization, project } = ctx.entry;
  if (!organization || !project) throw new UsageQueryFailed('key entry has no organization and project');
  const headers = {
    authorization: ctx.entry.key,
    'bigmodel-organization': organization,
    'bigmodel-project': project,
    'accept-language': 'en-US,en',
    accept: 'application/json',
  };
  const secrets = [ctx.entry.key];
  const origin = originOf(ctx.baseUrl);
  const answer = await request({ url: `${origin}${ZHIPU_QUOTA_PATH}?type=2`, headers, timeoutMs: ctx.timeoutMs, signal: ctx.signal, secrets });
  const { level, limits } = readLimits(answer);
  const sub = await subscription(ctx, `${origin}${ZHIPU_SUBSCRIPTION_PATH}?type=2`, headers);
  const plan = sub.name ?? level;
  return {
    method: 'zhipu team plan',
    plan,
    five_hour: toWindow(pickWindow(limits, 5), ctx.now, 5),
    weekly: toWindow(pickWindow(limits, 168), ctx.now, 168),
    lines: [
      `plan: ${show(plan)} (until ${show(sub.until)}, auto-renew ${sub.autoRenew === null ? '?' : sub.autoRenew ? 'on' : 'off'})`,
      ...limits.filter((l) => l.type !== 'TIME_LIMIT').map(creditLine),
    ],
  };
};

interface Subscription {
  name: string | null;
  until: string | null;
  autoRenew: boolean | null;
}

async function subscription(ctx: AdapterContext, url: string, headers: Record<string, string>): Promise<Subscription> {
  const none: Subscription = { name: null, until: null, autoRenew: null };
  try {
    const answer = await request({ url, headers, timeoutMs: ctx.timeoutMs, signal: ctx.signal, secrets: [ctx.entry.key] });
    if (answer.status < 200 || answer.status >= 300) return none;
    const body = jsonObject(answer);
    const data = Array.isArray(body.data) ? body.data.find(isRecord) : body.data;
    if (body.success === false || !isRecord(data)) return none;
    const name = [data.productName, data.planName, data.name].find((v) => typeof v === 'string') as string | undefined;
    const expiry = parseTime(data.validUntil ?? data.expireTime ?? data.expire_time ?? data.endTime);
    const renew = data.autoRenew ?? data.auto_renew;
    return {
      name: name ?? null,
      until: expiry === null ? null : new Date(expiry).toISOString().slice(0, 10),
      autoRenew: typeof renew === 'boolean' ? renew : null,
    };
  } catch {
    return none;
  }
}
