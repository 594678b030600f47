import type { Logger } from '@devhub/shared';
import { InvalidRequest } from '../../upstream/errors';
import { clientHeaders, upstreamHeaders } from '../../upstream/headers';
import type { ProxyState } from '../../upstream/state';
import { trimBase } from '../../usage/select';
import { estimateInputTokens } from '../../translate/estimate';
import { MAX_ERROR_BYTES, readBody } from '../../upstream/read-body';

export const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';
/** A count is a convenience: a vendor that takes longer than this is not waited for. */
const COUNT_TIMEOUT_MS = 15_000;

export interface CountDeps {
  state: ProxyState;
  log: Logger;
  now?: () => Date;
}

/**
 * Counts a Messages request's input tokens: the routed provider's own count_tokens when it speaks
 * the Messages API (first ready key, the route's model), else — an OpenAI-format provider, no usable
 * key, or a vendor without the endpoint or failing — a local estimate, marked as one.
 */
export async function countTokens(deps: CountDeps, body: Record<string, unknown>, headers: Headers): Promise<Response> {
  if (!Array.isArray(body.messages)) throw new InvalidRequest('messages: required, an array', 'invalid_request');
  const model = body.model as string;
  const { routes } = deps.state.current;
  const pool = deps.state.pool;
  const decision = routes.resolve(model, deps.now?.() ?? new Date(), (name, provider) => pool.usable(name, provider));
  const target = decision?.targets[0];
  let reason = 'no provider with a usable key';
  if (target?.format === 'openai') reason = `provider "${target.name}" speaks the OpenAI format, which has no token count`;
  else if (target) {
    const candidate = pool.split(target.name, target.provider).ready[0];
    if (!candidate) reason = `no key of provider "${target.name}" is ready`;
    else {
      try {
        const res = await fetch(`${trimBase(target.provider.base_url)}/v1/messages/count_tokens`, {
          method: 'POST', headers: upstreamHeaders(headers, candidate.entry.key, target.provider.drop_betas),
          body: JSON.stringify({ ...body, model: target.upstreamModel }), redirect: 'manual', signal: AbortSignal.timeout(COUNT_TIMEOUT_MS),
        });
        if (res.status === 200) {
          const bytes = await readBody(res, MAX_ERROR_BYTES);
          // Some vendors answer every path under base_url (a message, an HTML page): only a count is one.
          if (isCount(bytes)) return new Response(bytes, { status: 200, headers: clientHeaders(res.headers, { 'x-modelproxy-key': `${target.name}#${candidate.index}`, 'content-type': 'application/json' }, candidate.entry.key) });
          reason = `provider "${target.name}" answered count_tokens without an input_tokens count`;
        } else {
          await res.body?.cancel();
          reason = `provider "${target.name}" answered HTTP ${res.status} to count_tokens`;
        }
      } catch (error) {
        reason = `provider "${target.name}" did not answer count_tokens (${(error as Error).message})`;
      }
    }
  }
  deps.log.debug(`count_tokens estimated locally: ${reason}`);
  return Response.json({ input_tokens: estimate(body), estimated: true }, { headers: { 'x-modelproxy-estimate': 'local', 'x-modelproxy-estimate-reason': reason.replace(/[^\x20-\x7e]/g, '?') } });
}

/** The local estimate; a body nested deeper than the serializer's stack (tool schemas, tool input) is the client's problem, not a 500. */
function estimate(body: Record<string, unknown>): number {
  try {
    return estimateInputTokens(body);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new InvalidRequest('request body nests too deeply to be counted; send it with fewer nested levels', 'invalid_request');
  }
}

/** A Messages API count: a JSON object with a whole, non-negative `input_tokens`. */
function isCount(bytes: Uint8Array): boolean {
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { input_tokens?: unknown } | null;
    return typeof body?.input_tokens === 'number' && Number.isInteger(body.input_tokens) && body.input_tokens >= 0;
  } catch {
    return false;
  }
}
