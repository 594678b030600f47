import { t } from 'elysia';

/** DECISIONS.md: the prompt an interactive assistant is waiting on. */
export const PromptState = t.Object({
  type: t.Union([t.Literal('permission'), t.Literal('plan'), t.Literal('question'), t.Literal('trust'), t.Literal('selection')]),
  question: t.String(),
  options: t.Array(t.Object({ index: t.Integer(), label: t.String() })),
  selected: t.Nullable(t.Integer()),
});
export type PromptState = typeof PromptState.static;
export type PromptType = PromptState['type'];

export const StatusValue = t.Union([t.Literal('idle'), t.Literal('working'), t.Literal('interactive'), t.Literal('done'), t.Literal('dead')]);
export type StatusValue = typeof StatusValue.static;

/** What `agent.status` carries about a window besides its ids. */
export const WindowStatus = t.Object({
  status: StatusValue,
  display_label: t.String(),
  interactive: t.Boolean(),
  prompt_state: t.Nullable(PromptState),
});
export type WindowStatus = typeof WindowStatus.static;
