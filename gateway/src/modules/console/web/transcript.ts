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
  const body = document.createElement(message.content_type === 'text' ? 'p' : 'pre');
  body.textContent = message.text;
  el.append(body);
  if (message.content_type !== 'text') {
    const label = document.createElement('span');
    label.className = 'kind';
    label.textContent = message.content_type.replace('_', ' ');
    el.prepend(label);
  }
  return el;
}
