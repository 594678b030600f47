import type { AgentMessageEvent, StatusEvent } from '../events';
import type { BridgeHub } from './hub';
import { blocksOf, statusLine, toneOf } from './render';
import { TurnStream } from './stream';

interface Turn {
  windowId: string;
  stream: TurnStream;
}

/**
 * Turns: from a message typed in a chat to the next, the assistant's output is one message per
 * chat, edited while it grows (TurnStream), ending with the status line.
 */
export class Turns {
  private readonly turns = new Map<string, Turn>();

  constructor(private readonly hub: BridgeHub) {}

  /** The open turn of `target` about `windowId`, or a new one (closing a turn about another window). */
  turnFor(target: string, windowId: string): Turn | null {
    const current = this.turns.get(target);
    if (current && current.windowId === windowId) return current;
    const platform = this.hub.platformOf(target);
    const address = this.hub.addressOf(target);
    if (!platform || !address) return null;
    if (current) void current.stream.close();
    const stream = new TurnStream(platform, address, {
      title: this.hub.sessionName(windowId), editIntervalMs: this.hub.config.edit_interval_ms, maxChars: platform.maxChars, log: this.hub.ctx.log,
      stopped: () => this.hub.stopping,
    });
    const status = this.hub.statusOf(windowId);
    if (status) stream.setStatus(statusLine(status), toneOf(status.status));
    const turn = { windowId, stream };
    this.turns.set(target, turn);
    return turn;
  }

  /** The next output of the channel goes into a new message. */
  async end(target: string): Promise<void> {
    const turn = this.turns.get(target);
    if (!turn) return;
    this.turns.delete(target);
    await turn.stream.close();
  }

  /** A shell's output read from its pane: the whole turn's code block. */
  setPane(target: string, windowId: string, text: string): void {
    this.turnFor(target, windowId)?.stream.setPane(text);
  }

  onAgentMessage(event: AgentMessageEvent): void {
    for (const target of this.hub.boundTargets(event.window_id)) {
      this.hub.send(target, 'output', async () => {
        for (const message of event.messages) {
          if (message.role === 'user') {
            // Input from elsewhere (the terminal, the API) starts a new turn here too.
            if (this.turns.get(target)?.stream.hasOutput) await this.end(target);
            continue;
          }
          const blocks = blocksOf([message]);
          if (blocks.length) this.turnFor(target, event.window_id)?.stream.add(blocks);
        }
      });
    }
  }

  /**
   * The status line of the open turn; a `working` status opens one. Returns false when there is no
   * turn to show it in (the caller may then send the line on its own).
   */
  showStatus(target: string, event: StatusEvent): boolean {
    const line = statusLine(event);
    const turn = this.turns.get(target);
    if (turn && turn.windowId === event.window_id) turn.stream.setStatus(line, toneOf(event.status));
    else if (event.status === 'working') this.turnFor(target, event.window_id)?.stream.setStatus(line, toneOf(event.status));
    else return false;
    return true;
  }

  settle(): Promise<unknown> {
    return Promise.allSettled([...this.turns.values()].map((t) => t.stream.settle()));
  }
}
