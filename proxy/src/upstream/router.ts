import type { Provider, ProxyConfig, Route, TimedRoute } from '../config/schema';
import { normalizeModel } from './aliases';
import { isScheduleActive } from './schedule';

export interface CompiledRoute {
  /** `timed[0]`, `default[2]`: where the route sits in config.yaml. */
  id: string;
  pattern: RegExp;
  provider: string;
  model?: string;
  schedule?: TimedRoute['schedule'];
}

export interface RouteDecision {
  route: CompiledRoute;
  provider: Provider;
  /** The name routes were matched against. */
  normalized: string;
  /** The model sent upstream: the route's override, else the client's model unchanged. */
  upstreamModel: string;
}

export class RouteTable {
  private readonly timed: CompiledRoute[];
  private readonly defaults: CompiledRoute[];

  constructor(private readonly config: ProxyConfig) {
    this.timed = config.routes.timed.map((r, i) => compile(`timed[${i}]`, r, r.schedule));
    this.defaults = config.routes.default.map((r, i) => compile(`default[${i}]`, r));
  }

  /** Timed routes open at `now`, then default routes; the first regex hit wins. */
  resolve(model: string, now: Date = new Date()): RouteDecision | null {
    const normalized = normalizeModel(model);
    for (const route of this.timed) {
      if (route.pattern.test(normalized) && isScheduleActive(route.schedule!, now)) return this.decide(route, normalized, model);
    }
    for (const route of this.defaults) {
      if (route.pattern.test(normalized)) return this.decide(route, normalized, model);
    }
    return null;
  }

  private decide(route: CompiledRoute, normalized: string, model: string): RouteDecision | null {
    const provider = this.config.providers[route.provider];
    if (!provider) return null;
    return { route, provider, normalized, upstreamModel: route.model ?? model };
  }
}

function compile(id: string, route: Route, schedule?: TimedRoute['schedule']): CompiledRoute {
  return { id, pattern: new RegExp(route.match, 'i'), provider: route.provider, model: route.model, schedule };
}
