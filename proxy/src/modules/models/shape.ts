/**
 * Which shape a client reads (the models list, and errors on /v1/models): OpenAI's for a client
 * that authenticates as OpenAI clients do (`Authorization: Bearer` without `anthropic-version` or
 * `x-api-key`), Anthropic's otherwise.
 */
export function wantsOpenAIShape(headers: Headers): boolean {
  if (headers.has('anthropic-version') || headers.has('x-api-key')) return false;
  return /^Bearer\s/i.test(headers.get('authorization') ?? '');
}
