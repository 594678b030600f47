import { renderMarkdown } from './markdown';

/** agent.message → chat bubbles: the user's prompts right, the assistant left, tools as small cards. */
export interface AgentMessage {
  text: string;
  role: 'user' | 'assistant';
  content_type: 'text' | 'thinking' | 'tool_use' | 'tool_result' | 'local_command';
  timestamp: string | null;
}

export function renderBubbles(list: HTMLElement, messages: AgentMessage[]): void {
  list.replaceChildren(...messages.map(bubble));
  list.scrollTop = list.scrollHeight;
}

function bubble(message: AgentMessage): HTMLElement {
  const el = document.createElement('div');
  el.className = `bubble ${message.role} ${message.content_type}`;
  if (message.content_type === 'text') {
    // Prose is markdown (rendered sanitised, see markdown.ts); tool calls and results stay verbatim.
    const body = document.createElement('div');
    body.className = 'md';
    // Trimmed: a one-paragraph message reads exactly as its text (no trailing newline node).
    body.innerHTML = renderMarkdown(message.text).trim();
    el.append(body);
    return el;
  }
  const label = document.createElement('span');
  label.className = 'kind';
  label.textContent = message.content_type.replace('_', ' ');
  const body = document.createElement('pre');
  body.textContent = message.text;
  el.append(label, body);
  return el;
}
