import type { Provider, ProxyConfig, Route, RouteTarget, TimedRoute } from '../config/schema';
import { normalizeModel } from './aliases';
import { isScheduleActive } from './schedule';
import { trimBase } from '../usage/select';

export interface CompiledRoute {
  /** `timed[0]`, `default[2]`: where the route sits in config.yaml. */
  id: string;
  pattern: RegExp;
  /** The route's own provider first, then its `fallback` entries in order. */
  targets: RouteTarget[];
  schedule?: TimedRoute['schedule'];
}

/** One provider a request may be sent to. */
export interface Target {
  /** 0 = the route's own provider, n = its fallback[n-1]. */
  position: number;
  name: string;
  provider: Provider;
  /** The model sent upstream: the target's override, else the client's model unchanged. */
  upstreamModel: string;
  /** Whether the target sets a model (the body is rewritten). */
  rewrites: boolean;
  /** Where requests go, built once per config: `{base_url}/v1/messages`, or `{base_url}/chat/completions` for `format: openai`. */
  messagesUrl: string;
  /** The provider's wire format; `openai` requests are translated (modules/messages/openai-vendor.ts). */
  format: 'anthropic' | 'openai';
}

export interface RouteDecision {
  /** The route that serves; when no matching route has a usable provider, the first that matched. */
  route: CompiledRoute;
  /** The name routes were matched against. */
  normalized: string;
  /** The route's targets whose provider has a usable key, in order; empty when none has. Shared with later requests for the same model: read only. */
  targets: readonly Target[];
  /** Providers passed over because none of their keys can be tried (placeholders, refused keys). */
  unusable: string[];
}

/** Whether a provider has any key that may be tried (not only placeholders or refused keys). */
export type Usable = (name: string, provider: Provider) => boolean;

interface Matching {
  normalized: string;
  timed: CompiledRoute[];
  defaults: CompiledRoute[];
  /** Each matching route's targets for this model, usable or not (built on first use). */
  targets: Map<CompiledRoute, readonly Target[]>;
}

/** Model names whose matching routes are remembered; past this the memory starts afresh. */
const MATCHES_KEPT = 256;

export class RouteTable {
  private readonly timed: CompiledRoute[];
  private readonly defaults: CompiledRoute[];
  private readonly messagesUrls = new Map<string, string>();
  private readonly matches = new Map<string, Matching>();

  constructor(private readonly config: ProxyConfig) {
    for (const [name, provider] of Object.entries(config.providers)) this.messagesUrls.set(name, upstreamUrl(provider));
    this.timed = config.routes.timed.map((r, i) => compile(`timed[${i}]`, r, r.schedule));
    this.defaults = config.routes.default.map((r, i) => compile(`default[${i}]`, r));
  }

  /**
   * Timed routes open at `now`, then default routes; the first regex hit whose targets include a
   * provider with a usable key wins. A route none of whose providers can serve is skipped, so a
   * provider left with placeholder keys never strands a request that a later route could serve.
   */
  resolve(model: string, now: Date = new Date(), usable: Usable = () => true): RouteDecision | null {
    const matching = this.matching(model);
    const { normalized, timed, defaults } = matching;
    let first: CompiledRoute | null = null;
    const unusable: string[] = [];
    for (const route of timed) {
      if (!isScheduleActive(route.schedule!, now)) continue;
      first ??= route;
      const targets = this.usableTargets(matching, route, model, usable, unusable);
      if (targets.length > 0) return { route, normalized, targets, unusable };
    }
    for (const route of defaults) {
      first ??= route;
      const targets = this.usableTargets(matching, route, model, usable, unusable);
      if (targets.length > 0) return { route, normalized, targets, unusable };
    }
    return first ? { route: first, normalized, targets: [], unusable } : null;
  }

  /** The routes whose pattern matches a model, in order; remembered per model name (a client uses a few). */
  private matching(model: string): Matching {
    let found = this.matches.get(model);
    if (found === undefined) {
      const normalized = normalizeModel(model);
      found = { normalized, timed: this.timed.filter((r) => r.pattern.test(normalized)), defaults: this.defaults.filter((r) => r.pattern.test(normalized)), targets: new Map() };
      if (this.matches.size >= MATCHES_KEPT) this.matches.clear();
      this.matches.set(model, found);
    }
    return found;
  }

  /**
   * The route's targets whose provider may be tried now. The targets themselves depend only on the
   * config, the route and the model, so they are built once per model; a request usually keeps them all.
   */
  private usableTargets(matching: Matching, route: CompiledRoute, model: string, usable: Usable, unusable: string[]): readonly Target[] {
    let all = matching.targets.get(route);
    if (all === undefined) {
      all = this.targetsOf(route, model);
      matching.targets.set(route, all);
    }
    let kept: Target[] | null = null; // a copy only once a target is left out
    for (let i = 0; i < all.length; i++) {
      const target = all[i]!;
      if (usable(target.name, target.provider)) {
        kept?.push(target);
        continue;
      }
      kept ??= all.slice(0, i);
      if (!unusable.includes(target.name)) unusable.push(target.name);
    }
    return kept ?? all;
  }

  private targetsOf(route: CompiledRoute, model: string): Target[] {
    const targets: Target[] = [];
    route.targets.forEach((target, position) => {
      const provider = this.config.providers[target.provider];
      if (!provider) return;
      targets.push({
        position, name: target.provider, provider, upstreamModel: target.model ?? model, rewrites: target.model !== undefined,
        messagesUrl: this.messagesUrls.get(target.provider)!, format: provider.format ?? 'anthropic',
      });
    });
    return targets;
  }
}

/** The URL a provider's requests go to, by its format. */
export const upstreamUrl = (provider: Provider) =>
  provider.format === 'openai' ? `${trimBase(provider.base_url)}/chat/completions` : `${trimBase(provider.base_url)}/v1/messages`;

/** The route names `resolve` can be asked about that list a route's models (GET /v1/models). */
export function routeModels(config: ProxyConfig): { id: string; provider: string; model: string | null }[] {
  const seen = new Map<string, { id: string; provider: string; model: string | null }>();
  const all = [...config.routes.timed, ...config.routes.default];
  for (const route of all) {
    // A match that is a plain name (`haiku`, `gpt-5-codex`) is itself a model a client may ask for.
    if (/^[A-Za-z0-9][\w.:-]*$/.test(route.match) && !seen.has(route.match)) seen.set(route.match, { id: route.match, provider: route.provider, model: route.model ?? null });
    for (const target of [{ provider: route.provider, model: route.model }, ...(route.fallback ?? [])]) {
      if (target.model && !seen.has(target.model)) seen.set(target.model, { id: target.model, provider: target.provider, model: target.model });
    }
  }
  return [...seen.values()];
}

function compile(id: string, route: Route, schedule?: TimedRoute['schedule']): CompiledRoute {
  const targets: RouteTarget[] = [{ provider: route.provider, ...(route.model === undefined ? {} : { model: route.model }) }, ...(route.fallback ?? [])];
  return { id, pattern: new RegExp(route.match, 'i'), targets, schedule };
}
