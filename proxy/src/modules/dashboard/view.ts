import { maskKey } from '@devhub/shared';
import type { ProxyConfig } from '../../config/schema';
import { keyWarnings } from '../../upstream/key-warnings';
import type { KeyRest } from '../../upstream/rest-text';
import { isScheduleActive } from '../../upstream/schedule';
import type { ProxyState } from '../../upstream/state';
import { fingerprint, readCache } from '../../usage/cache';
import type { DashboardKey, DashboardRoute, DashboardState } from './model';

export interface ViewSources {
  state: ProxyState;
  /** usage-cache.json: each key's last quota reading; none = no quota shown. */
  usageCachePath?: string;
  now: Date;
}

/** The running proxy's keys, routes and config problems, as the dashboard and `modelproxy status` show them. */
export function dashboardState({ state, usageCachePath, now }: ViewSources): DashboardState {
  const { config, loadedAt } = state.current;
  const quota = usageCachePath ? readCache(usageCachePath).cache.quota ?? {} : {};
  const keys: DashboardKey[] = [];
  for (const [name, provider] of Object.entries(config.providers)) {
    const rests = state.pool.rests(name, provider);
    provider.api_keys.forEach((entry, i) => {
      const rest = rests[i]!;
      const known = rest.state === 'placeholder' ? undefined : quota[fingerprint(entry.key)];
      keys.push({
        provider: name, index: i + 1, key: maskKey(entry.key), note: entry.note ?? null,
        state: rest.state, until: rest.until === null ? null : new Date(rest.until).toISOString(), reason: reasonOf(rest),
        quota: known ? { five_hour: known.five_hour, weekly: known.weekly, checked_at: known.checked_at } : null,
      });
    });
  }
  const problems = [...keyWarnings(config, state.configPath ?? 'config.yaml')];
  if (state.lastReload && !state.lastReload.ok) problems.unshift(`the last reload (${state.lastReload.at.toISOString()}) was rejected, the previous config stays in use: ${state.lastReload.reason}`);
  return {
    now: now.toISOString(), loaded_at: loadedAt.toISOString(), config_path: state.configPath ?? null, problems, keys,
    routes: routesNow(config, now, (name) => state.pool.usable(name, config.providers[name]!)),
  };
}

/** Every route with whether it is open now and the target its next request goes to. */
function routesNow(config: ProxyConfig, now: Date, usable: (provider: string) => boolean): DashboardRoute[] {
  const all = [
    ...config.routes.timed.map((r, i) => ({ id: `timed[${i}]`, route: r, schedule: r.schedule })),
    ...config.routes.default.map((r, i) => ({ id: `default[${i}]`, route: r, schedule: undefined })),
  ];
  return all.map(({ id, route, schedule }) => {
    const targets = [{ provider: route.provider, model: route.model ?? null }, ...(route.fallback ?? []).map((f) => ({ provider: f.provider, model: f.model ?? null }))];
    const open = schedule ? isScheduleActive(schedule, now) : true;
    const first = targets.find((target) => config.providers[target.provider] && usable(target.provider));
    return {
      id, match: route.match, open, targets,
      schedule: schedule ? `${schedule.days.join(',')} ${schedule.from}–${schedule.to} ${schedule.tz}` : null,
      serving: open && first ? `${first.provider}/${first.model ?? '(client model)'}` : null,
    };
  });
}

function reasonOf(rest: KeyRest): string | null {
  switch (rest.state) {
    case 'exhausted': return 'plan window used up';
    case 'refused': return `refused by the upstream (${rest.status ?? 401})`;
    case 'cooling': return `cooling after ${rest.status ?? 'no answer'}`;
    case 'rechecking': return 're-checking after a refusal';
    case 'placeholder': return 'placeholder: never sent';
    default: return null;
  }
}
