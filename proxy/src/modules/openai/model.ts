import { t } from 'elysia';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);
const Content = t.Union([t.String(), t.Array(t.Object({ type: t.String() }, { additionalProperties: true })), t.Null()]);

/** The Chat Completions members the proxy reads (README "OpenAI clients"); others are ignored. */
export const ChatCompletionRequest = t.Object({
  model: t.String({ minLength: 1 }),
  messages: t.Array(t.Object({
    role: t.String({ minLength: 1 }),
    content: t.Optional(Content),
    tool_calls: t.Optional(Nullable(t.Array(t.Object({ id: t.String(), function: t.Object({ name: t.String(), arguments: t.Optional(t.String()) }, { additionalProperties: true }) }, { additionalProperties: true })))),
    tool_call_id: t.Optional(t.String()),
  }, { additionalProperties: true }), { minItems: 1 }),
  stream: t.Optional(Nullable(t.Boolean())),
  stream_options: t.Optional(Nullable(t.Object({ include_usage: t.Optional(t.Boolean()) }, { additionalProperties: true }))),
  max_tokens: t.Optional(Nullable(t.Integer({ minimum: 1 }))),
  max_completion_tokens: t.Optional(Nullable(t.Integer({ minimum: 1 }))),
  temperature: t.Optional(Nullable(t.Number({ minimum: 0, maximum: 2 }))),
  top_p: t.Optional(Nullable(t.Number({ minimum: 0, maximum: 1 }))),
  n: t.Optional(Nullable(t.Integer({ minimum: 1 }))),
  stop: t.Optional(Nullable(t.Union([t.String(), t.Array(t.String(), { maxItems: 16 })]))),
  tools: t.Optional(t.Array(t.Object({ type: t.String() }, { additionalProperties: true }))),
  tool_choice: t.Optional(t.Union([t.String(), t.Object({}, { additionalProperties: true })])),
  parallel_tool_calls: t.Optional(t.Boolean()),
  reasoning_effort: t.Optional(Nullable(t.String())),
  user: t.Optional(t.String()),
}, { additionalProperties: true });

/** The Responses API members the proxy reads (Codex CLI's requests); others are ignored. */
export const ResponsesRequest = t.Object({
  model: t.String({ minLength: 1 }),
  input: t.Union([t.String(), t.Array(t.Object({}, { additionalProperties: true }))]),
  instructions: t.Optional(Nullable(t.String())),
  stream: t.Optional(Nullable(t.Boolean())),
  max_output_tokens: t.Optional(Nullable(t.Integer({ minimum: 1 }))),
  temperature: t.Optional(Nullable(t.Number({ minimum: 0, maximum: 2 }))),
  top_p: t.Optional(Nullable(t.Number({ minimum: 0, maximum: 1 }))),
  tools: t.Optional(t.Array(t.Object({ type: t.String() }, { additionalProperties: true }))),
  tool_choice: t.Optional(t.Union([t.String(), t.Object({}, { additionalProperties: true })])),
  parallel_tool_calls: t.Optional(Nullable(t.Boolean())),
  reasoning: t.Optional(Nullable(t.Object({ effort: t.Optional(Nullable(t.String())) }, { additionalProperties: true }))),
  previous_response_id: t.Optional(Nullable(t.String())),
}, { additionalProperties: true });

/** OpenAI's error body, which both OpenAI routes answer with. */
export const OpenAIErrorBody = t.Object({
  error: t.Object({ message: t.String(), type: t.String(), param: t.Null(), code: Nullable(t.String()) }),
});
