import { Elysia, t } from 'elysia';
import { routeModels } from '../../upstream/router';
import { NotFoundModel } from './errors';
import { wantsOpenAIShape } from './shape';
import type { ProxyState } from '../../upstream/state';

export { wantsOpenAIShape };

export const MODELS_PATH = '/v1/models';

/** One model of the list, in either shape. */
interface Listed { id: string; provider: string }

/**
 * The model names the routes serve now (a route's plain-name match and every target's model), each
 * with the provider it goes to now; a name no provider with a usable key would serve is left out.
 */
export function servedModels(state: ProxyState, now: Date = new Date()): Listed[] {
  const { config, routes } = state.current;
  const out: Listed[] = [];
  for (const { id } of routeModels(config)) {
    const decision = routes.resolve(id, now, (name, provider) => state.pool.usable(name, provider));
    const target = decision?.targets[0];
    if (target) out.push({ id, provider: target.name });
  }
  return out;
}

const CREATED_AT = '2024-01-01T00:00:00Z';
const anthropicModel = (m: Listed) => ({ type: 'model', id: m.id, display_name: m.id, created_at: CREATED_AT });
const openaiModel = (m: Listed) => ({ id: m.id, object: 'model', created: Date.parse(CREATED_AT) / 1000, owned_by: m.provider });

/** GET /v1/models and /v1/models/{id}: the list in the shape the client reads. */
export const modelsModule = (state: ProxyState, now?: () => Date) =>
  new Elysia({ name: 'models' })
    .get(MODELS_PATH, ({ request }) => {
      const models = servedModels(state, now?.());
      if (wantsOpenAIShape(request.headers)) return { object: 'list', data: models.map(openaiModel) };
      const data = models.map(anthropicModel);
      return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data[data.length - 1]?.id ?? null };
    }, {
      detail: { summary: 'Models the routes serve', description: 'Anthropic list shape, or OpenAI\'s for a client sending Authorization: Bearer without anthropic-version.', tags: ['proxy'] },
    })
    .get(`${MODELS_PATH}/:id`, ({ request, params }) => {
      const found = servedModels(state, now?.()).find((m) => m.id === params.id);
      if (!found) throw new NotFoundModel(params.id);
      return wantsOpenAIShape(request.headers) ? openaiModel(found) : anthropicModel(found);
    }, { params: t.Object({ id: t.String({ minLength: 1, maxLength: 256 }) }), detail: { summary: 'One model the routes serve', tags: ['proxy'] } });
