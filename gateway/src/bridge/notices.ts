import type { StatusEvent, WindowChangeEvent } from '../events';
import type { BridgeHub } from './hub';
import type { Card } from './platform';
import { statusLine } from './render';
import type { Turns } from './turns';

/**
 * Notices: the status line in the open turn (or, back at idle with no turn open, on its own), a
 * new message when the assistant exits or its window dies (to the bound chats and notify_chats, so
 * the platform notifies), and "closed" in the chats bound to a window closed from elsewhere.
 */
export class Notices {
  constructor(private readonly hub: BridgeHub, private readonly turns: Turns) {}

  /** The status line in each bound chat. */
  showStatus(event: StatusEvent, previous: StatusEvent | undefined): void {
    const { hub } = this;
    for (const target of hub.boundTargets(event.window_id)) {
      hub.send(target, 'status', async () => {
        if (this.turns.showStatus(target, event)) return;
        if (event.status === 'idle' && previous && previous.status !== 'idle') {
          await hub.sendTo(target, { blocks: [{ type: 'note', text: statusLine(event, hub.sessionName(event.window_id)) }] });
        }
      });
    }
  }

  /** A new message when the assistant exits or its window dies (once, on the change). */
  finished(event: StatusEvent, previous: StatusEvent | undefined): void {
    const { hub } = this;
    const ended = event.status === 'done' || event.status === 'dead';
    if (!ended || !previous || previous.status === 'done' || previous.status === 'dead') return;
    const card: Card = {
      title: `${hub.sessionName(event.window_id)} finished`, tone: event.status === 'dead' ? 'error' : 'done',
      blocks: [{ type: 'markdown', text: event.status === 'dead' ? 'The session\'s window is gone.' : `The assistant exited: ${event.display_label}` }],
      footer: statusLine(event),
    };
    for (const target of hub.noticeTargets(event.window_id)) hub.send(target, 'finished notice', () => hub.sendTo(target, card));
  }

  /** A window closed from elsewhere (autoclose, REST): its chats are unbound and told. */
  onWindowRemoved(event: WindowChangeEvent): void {
    const { hub } = this;
    for (const [channel, record] of Object.entries(hub.store.chats())) {
      if (record.window_id !== event.window_id || !hub.platformOf(channel)) continue;
      hub.store.putChat(channel, { ...record, window_id: undefined });
      hub.send(channel, 'closed notice', async () => {
        await this.turns.end(channel);
        await hub.sendTo(channel, { blocks: [{ type: 'note', text: `Session ${event.display_name} (${event.window_id}) was closed.` }] });
      });
    }
  }
}
