// First: a framed console stops before anything else runs (clickjacking, see frame-guard.ts).
import './frame-guard';
import { api, login, logout, type Message, request, Socket, Unauthorized } from './api';
import type { Typed } from './keys';
import { TerminalView } from './terminal';
import { type AgentMessage, renderBubbles } from './transcript';

interface SessionSummary { window_id: string; display_name: string; provider: string; cwd: string; channel_id?: string; warnings?: string[] }
interface Prompt { type: string; question: string; options: Array<{ index: number; label: string }>; selected: number | null }
interface Status { status: string; display_label: string; prompt_state: Prompt | null }
interface Channel { socket: Socket; status: Status | null; messages: AgentMessage[] }

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const channels = new Map<string, Channel>();
let sessions: SessionSummary[] = [];
let selected: string | null = null;
let global: Socket | null = null;
let refreshing: Promise<void> | null = null;
/** What `POST /sessions` warned about, per channel (e.g. the assistant is not on the gateway's PATH). */
const warnings = new Map<string, string[]>();

const terminal = new TerminalView($('terminal'), (typed: Typed) => {
  const channel = selected && channels.get(selected);
  if (!channel) return Promise.resolve();
  return channel.socket.send('key' in typed ? { type: 'key', key: typed.key } : { type: 'input', text: typed.text, enter: false });
});

function showError(error: unknown): void {
  if (error instanceof Unauthorized) return askForKey();
  $('error').textContent = (error as Error).message;
  $('error').hidden = false;
}

function askForKey(): void {
  const dialog = $<HTMLDialogElement>('key-dialog');
  if (!dialog.open) dialog.showModal();
}

/** Reloads the session list; opens a socket per bound channel (its status and messages), closes the rest. */
function refresh(): Promise<void> {
  refreshing ??= (async () => {
    try {
      sessions = (await api<{ sessions: SessionSummary[] }>('GET', '/sessions')).sessions;
      // Kept with the window by the gateway, so a reload (or another browser) shows them too.
      for (const s of sessions) if (s.channel_id && s.warnings?.length) warnings.set(s.channel_id, s.warnings);
      $('error').hidden = true;
      const live = new Set(sessions.map((s) => s.channel_id).filter((c): c is string => !!c));
      for (const [id, channel] of channels) if (!live.has(id)) { channel.socket.close(); channels.delete(id); }
      const opened = [...live].filter((id) => !channels.has(id));
      for (const id of opened) channels.set(id, openChannel(id));
      if (selected && !live.has(selected)) void select(null);
      // Back after a reconnect: watch the open session's pane again on its new socket.
      else if (selected && opened.includes(selected)) void select(selected);
      renderList();
    } catch (error) {
      showError(error);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function openChannel(id: string): Channel {
  const channel: Channel = { status: null, messages: [], socket: null as unknown as Socket };
  channel.socket = new Socket(`/ws/${encodeURIComponent(id)}`, (m) => onChannelEvent(id, channel, m), (code) => {
    if (code === 4001) return askForKey();
    // The gateway restarted or the network dropped: forget this socket; the next refresh reopens it.
    if (channels.get(id) === channel) channels.delete(id);
  });
  // What the assistant said before this page connected (the gateway keeps the last 200 messages).
  void channel.socket.send({ type: 'transcript.get' }).then((reply) => {
    channel.messages = reply.messages as AgentMessage[];
    if (id === selected) renderBubbles($('transcript'), channel.messages);
  }, () => undefined);
  return channel;
}

function onChannelEvent(id: string, channel: Channel, m: Message): void {
  if (m.type === 'agent.status') {
    channel.status = m as unknown as Status;
    renderList();
    if (id === selected) renderSelected();
  } else if (m.type === 'agent.message') {
    channel.messages.push(...(m.messages as AgentMessage[]));
    if (id === selected) renderBubbles($('transcript'), channel.messages);
  } else if (m.type === 'pane.output' && id === selected) {
    terminal.write(m as unknown as { data: string; cols: number; rows: number; full: boolean });
  }
}

function badge(status: Status | null): HTMLElement {
  const el = document.createElement('span');
  el.className = `badge ${status?.status ?? 'unknown'}`;
  el.textContent = status?.status ?? '…';
  el.title = status?.display_label ?? 'no status yet';
  return el;
}

function renderList(): void {
  const list = $('session-list');
  list.replaceChildren(...sessions.map((s) => {
    const item = document.createElement('li');
    item.dataset.channel = s.channel_id ?? '';
    item.className = s.channel_id === selected ? 'selected' : '';
    const name = document.createElement('button');
    name.className = 'open';
    name.disabled = !s.channel_id;
    name.innerHTML = '<strong></strong><small></small>';
    name.querySelector('strong')!.textContent = s.display_name;
    name.querySelector('small')!.textContent = `${s.provider} · ${s.channel_id ?? 'no channel'} · ${s.cwd}`;
    if (s.channel_id) name.addEventListener('click', () => select(s.channel_id!));
    item.append(badge(s.channel_id ? channels.get(s.channel_id)?.status ?? null : null), name);
    const warned = s.channel_id ? warnings.get(s.channel_id) : undefined;
    if (warned?.length) {
      const note = document.createElement('small');
      note.className = 'warning';
      note.textContent = `⚠ ${warned.join(' · ')}`;
      name.append(note);
    }
    return item;
  }));
  $('empty').hidden = sessions.length > 0;
}

function renderSelected(): void {
  const channel = selected ? channels.get(selected) : undefined;
  const session = sessions.find((s) => s.channel_id === selected);
  if (!channel || !session) return;
  $('session-title').textContent = `${session.display_name} (${session.provider})`;
  $('status').replaceWith(Object.assign(badge(channel.status), { id: 'status' }));
  $('status-label').textContent = channel.status?.display_label ?? '';
  const warned = warnings.get(session.channel_id!) ?? [];
  $('warnings').hidden = warned.length === 0;
  $('warnings').textContent = warned.map((w) => `⚠ ${w}`).join('\n');
  const prompt = channel.status?.prompt_state;
  $('prompt').hidden = !prompt;
  $('prompt-question').textContent = prompt?.question ?? '';
  $('prompt-options').replaceChildren(...(prompt?.options ?? []).map((option) => {
    const button = document.createElement('button');
    button.textContent = `${option.index}. ${option.label}`;
    button.addEventListener('click', () => void answer(session.channel_id!, prompt!, option.index).catch(showError));
    return button;
  }));
}

/**
 * Answers through the gateway (POST …/answer): it reads the screen, moves the marker and presses
 * Enter only once the marker shows on the option, so a key the CLI dropped or a marker moved since
 * the last status never confirms another option.
 */
async function answer(channelId: string, prompt: Prompt, index: number): Promise<void> {
  await api('POST', `/sessions/${encodeURIComponent(channelId)}/answer`, { option: index, question: prompt.question });
}

async function select(id: string | null): Promise<void> {
  const previous = selected && selected !== id ? channels.get(selected) : undefined;
  selected = id;
  document.body.classList.toggle('viewing', id !== null);
  $('session-view').hidden = id === null;
  terminal.clear();
  renderList();
  // Not awaited: the socket may be closing with its session.
  void previous?.socket.send({ type: 'pane.unsubscribe' }).catch(() => undefined);
  const channel = id ? channels.get(id) : undefined;
  if (!channel) return;
  renderSelected();
  renderBubbles($('transcript'), channel.messages);
  await channel.socket.send({ type: 'pane.subscribe' }).catch(showError);
  terminal.focus();
}

/** The global socket: window.change refreshes the list; when it drops, reconnect every 2 s and refresh. */
function connectGlobal(): void {
  global?.close();
  const socket = new Socket('/ws', (m) => { if (m.type === 'window.change') void refresh(); }, (code) => {
    if (socket !== global) return;
    // Refused for want of a login: the gateway is up, so the header does not say offline.
    if (code === 4001) {
      document.body.classList.remove('offline');
      return askForKey();
    }
    document.body.classList.add('offline');
    setTimeout(() => { if (socket === global) connectGlobal(); }, 2_000);
  });
  global = socket;
  void socket.opened.then(() => {
    document.body.classList.remove('offline');
    void refresh();
  }, () => undefined);
}

/** Suggests the subdirectories of what has been typed so far (POST /directories/browse), for phones. */
let browsing: ReturnType<typeof setTimeout> | undefined;
$('work-dir').addEventListener('input', () => {
  clearTimeout(browsing);
  browsing = setTimeout(async () => {
    const typed = $<HTMLInputElement>('work-dir').value;
    const parent = typed.endsWith('/') ? typed : typed.slice(0, typed.lastIndexOf('/') + 1);
    if (!parent) return;
    try {
      const found = await api<{ path: string; directories: string[] }>('POST', '/directories/browse', { path: parent });
      const base = found.path.endsWith('/') ? found.path : `${found.path}/`;
      $('work-dirs').replaceChildren(...found.directories.map((name) => Object.assign(document.createElement('option'), { value: `${base}${name}` })));
    } catch {
      // Not a directory (yet): no suggestions.
    }
  }, 150);
});

$('create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const value = (id: string) => $<HTMLInputElement>(id).value.trim() || undefined;
  // The channel's socket is open before the session exists, so its first status and messages
  // (sent once, on change) reach the page.
  const channelId = value('channel') ?? `console:${crypto.randomUUID()}`;
  if (!channels.has(channelId)) channels.set(channelId, openChannel(channelId));
  try {
    await channels.get(channelId)!.socket.opened;
    const created = await api<{ warnings?: string[] }>('POST', '/sessions', { provider: value('provider'), work_dir: value('work-dir'), channel_id: channelId, name: value('name') });
    if (created.warnings?.length) warnings.set(channelId, created.warnings);
    await refresh();
    await select(channelId);
  } catch (error) {
    showError(error);
  }
});

$('stop').addEventListener('click', async () => {
  if (!selected) return;
  const session = sessions.find((s) => s.channel_id === selected);
  if (!confirm(`Stop "${session?.display_name ?? selected}"? Its tmux window is closed and the assistant in it ends.`)) return;
  try {
    await api('DELETE', `/sessions/${encodeURIComponent(selected)}`);
    warnings.delete(selected);
    await select(null);
    await refresh();
  } catch (error) {
    showError(error);
  }
});

$('back').addEventListener('click', () => void select(null));

$('screenshot').addEventListener('click', async () => {
  if (!selected) return;
  try {
    const blob = await (await request('GET', `/sessions/${encodeURIComponent(selected)}/screenshot`)).blob();
    const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: `${selected.replace(/[^\w.-]+/g, '_')}.png` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } catch (error) {
    showError(error);
  }
});

for (const button of document.querySelectorAll<HTMLButtonElement>('#keys button')) {
  button.addEventListener('click', () => {
    const channel = selected && channels.get(selected);
    if (channel) void channel.socket.send({ type: 'key', key: button.dataset.key! }).catch(showError);
  });
}

$('input-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = $<HTMLInputElement>('input-text');
  const channel = selected && channels.get(selected);
  if (!channel || !field.value) return;
  const text = field.value;
  field.value = '';
  await channel.socket.send({ type: 'input', text }).catch(showError);
});

$('key-form').addEventListener('submit', () => {
  const field = $<HTMLInputElement>('key-input');
  const key = field.value.trim();
  field.value = '';
  $('key-refused').hidden = true;
  void login(key).then(() => {
    for (const channel of channels.values()) channel.socket.close();
    channels.clear();
    connectGlobal();
    void refresh();
  }, (error: unknown) => {
    // Asked again, saying why: a dialog that only came back blank looked as if nothing happened.
    if (error instanceof Unauthorized) $('key-refused').hidden = false;
    showError(error);
  });
});
$('key-button').addEventListener('click', askForKey);
$('logout-button').addEventListener('click', () => {
  // With a key configured the next call is refused and the login dialog comes back.
  void logout().then(() => {
    for (const channel of channels.values()) channel.socket.close();
    channels.clear();
    connectGlobal();
    void refresh();
  }, showError);
});

connectGlobal();
// Tests and the curious: the state behind the page.
Object.assign(window, { agentgwConsole: { terminal, channels, selected: () => selected, refresh } });
