/**
 * Sessions' events and control messages between servers over Redis pub/sub (channels `ev:{id}` and
 * `control`, redis.ts). Every message read is checked against its envelope; anything else is dropped
 * and reported (pubsub.ts), so a malformed message cannot crash a server.
 */
import type { RedisClient } from 'bun';
import { Type as t } from '@sinclair/typebox';
import { channelReader, DropLog, type WarnLog } from './pubsub';
import type { RedisKeys } from './redis-keys';
import { ControlMessage, type EventBus } from './types';
import type { SseEvent } from '../events/hub';
import type { Subscriptions } from './redis-link';

/** What `control` publishes: the sending server and the message. */
export const ControlEnvelope = t.Object({ o: t.String(), m: ControlMessage });
/**
 * What `publish` sends on a session's channel: the sending server, the step and the event. The
 * event's type becomes an SSE `event:` line, so it is a plain name.
 */
export const EventEnvelope = t.Object({
  o: t.String(), s: t.Integer({ minimum: 0 }),
  e: t.Object({ type: t.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 }) }, { additionalProperties: true }),
});

export class RedisEventBus implements EventBus {
  private readonly handlers: ((m: ControlMessage) => void)[] = [];

  constructor(
    private readonly redis: RedisClient,
    private readonly sub: Subscriptions,
    private readonly k: RedisKeys,
    private readonly server: string,
    log?: WarnLog,
  ) {
    this.readControl = channelReader(ControlEnvelope, new DropLog(log, `messages on ${k.control()}`));
    this.readEvent = channelReader(EventEnvelope, new DropLog(log, `messages on ${k.events('*')}`));
  }

  private readonly readControl: (text: string) => typeof ControlEnvelope.static | null;
  private readonly readEvent: (text: string) => typeof EventEnvelope.static | null;

  /** Starts listening to the control channel. */
  async start(): Promise<void> {
    await this.sub.subscribe(this.k.control(), (message: string) => {
      const m = this.readControl(message);
      if (m) for (const h of this.handlers) h(m.m);
    });
  }

  async publish(id: string, seq: number, event: SseEvent): Promise<void> {
    await this.redis.publish(this.k.events(id), JSON.stringify({ o: this.server, s: seq, e: event }));
  }

  async listen(id: string, deliver: (seq: number, event: SseEvent) => void): Promise<void> {
    await this.sub.subscribe(this.k.events(id), (message: string) => {
      const m = this.readEvent(message);
      // This server's own events went straight to its subscribers.
      if (m && m.o !== this.server) deliver(m.s, m.e as SseEvent);
    });
  }

  async unlisten(id: string): Promise<void> {
    await this.sub.unsubscribe(this.k.events(id));
  }

  async control(message: ControlMessage): Promise<void> {
    await this.redis.publish(this.k.control(), JSON.stringify({ o: this.server, m: message }));
  }

  onControl(handler: (m: ControlMessage) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {}
}
