import { Type as t, type Static } from '@sinclair/typebox';
import { AgentStatus, PromptState } from '../events';

export { PromptState } from '../events';
export type PromptType = PromptState['type'];
export type StatusValue = AgentStatus;

/** What `agent.status` carries about a window besides its ids. */
export const WindowStatus = t.Object({
  status: AgentStatus,
  display_label: t.String(),
  interactive: t.Boolean(),
  prompt_state: t.Union([PromptState, t.Null()]),
});
export type WindowStatus = Static<typeof WindowStatus>;
