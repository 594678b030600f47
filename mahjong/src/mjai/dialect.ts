/**
 * The three ways hosts talk to an mjai bot over one line-based channel, each as its original host
 * speaks it (README, "mjai bots"):
 *
 * - `mjai`: one event per line, and every event gets one answer line (`{"type":"none"}` when
 *   the bot has nothing to do) — the classic mjai server's rule, used on stdio and WebSocket.
 * - `mortal`: one event per line, and the bot answers only when it can act, as Mortal's own
 *   `mortal.py <ID>` does (its libriichi `Bot.react` returns nothing otherwise). Events are
 *   written when the bot is asked, each before the asking one marked `"can_act": false` (the
 *   field Mortal reads to only update its state): a call it could make but is not asked about (a
 *   win by another seat overrules it) gets no answer that could be taken for a later one. The
 *   seat is the last command-line argument.
 * - `mjai.app`: one JSON array of events per line, sent when the bot must decide (every event
 *   since its last decision in the hand), answered by one action — the mjai.app harness and its
 *   `bot.py <player_id>`. `start_game`, `end_kyoku` and `end_game` go alone, each in its own
 *   array, and their answers are read and ignored; the events of a hand after the bot's last
 *   decision (the win or draw that ends it) are not sent.
 */
import { Type as t } from '@sinclair/typebox';
import type { MjaiEvent } from '../formats/mjai';
import { type BotTransport, transportFor } from './transport';

export const MJAI_DIALECTS = ['mjai', 'mortal', 'mjai.app'] as const;
export type MjaiDialect = (typeof MJAI_DIALECTS)[number];
export const MjaiDialectName = t.Union(MJAI_DIALECTS.map((d) => t.Literal(d)), {
  description: 'how the bot is spoken to: mjai (an answer to every event), mortal (answers only when it can act; the seat is its last argument), mjai.app (arrays of events when it must decide; the seat is its last argument)',
});

/** The command lines' `--mjai-protocol` help. */
export const MJAI_PROTOCOL_HELP = 'How mjai:<command> bots are spoken to: mjai (one answer to every event), mortal (Mortal\'s mortal.py <ID>: answers only when it can act), mjai.app (mjai.app\'s bot.py <player_id>: arrays of events when it must decide)';

/** Parses a dialect name given on the command line. */
export function dialectNamed(name: string): MjaiDialect {
  if ((MJAI_DIALECTS as readonly string[]).includes(name)) return name as MjaiDialect;
  throw new Error(`unknown mjai protocol "${name}" (expected ${MJAI_DIALECTS.join(', ')})`);
}

/**
 * The bot at `target` (a command line or a ws:// URL, transport.ts) for `seat`, started as the
 * dialect's original host starts it: the seat as the last argument for `mortal` and `mjai.app`.
 */
export const botTransport = (target: string, dialect: MjaiDialect, seat: number, opts: { env?: Record<string, string | undefined> } = {}): BotTransport =>
  transportFor(target, { ...opts, args: dialect === 'mjai' ? [] : [String(seat)] });

/** One bot's side of a game: the events it sees, and its answers when it must decide. */
export interface Dialogue {
  /** Events the seat sees, in order. */
  tell(events: readonly MjaiEvent[]): Promise<void>;
  /** The bot's answer to the last event told, which asks it to decide. */
  answer(): Promise<string | null>;
  /** Tells one event that asks the bot to decide (its own riichi declaration) and returns its answer. */
  ask(event: MjaiEvent): Promise<string>;
}

export function dialogueFor(dialect: MjaiDialect, bot: BotTransport, timeoutMs: number): Dialogue {
  if (dialect === 'mortal') {
    const { write, read } = bot;
    if (!write || !read) throw new Error(`${bot.label} cannot speak the mortal protocol (it answers every line)`);
    return new WhenItCanAct({ write: write.bind(bot), read: read.bind(bot) }, timeoutMs);
  }
  if (dialect === 'mjai.app') return new Batches(bot, timeoutMs);
  return new EveryEvent(bot, timeoutMs);
}

class EveryEvent implements Dialogue {
  private last: string | null = null;
  constructor(private readonly bot: BotTransport, private readonly timeoutMs: number) {}

  async tell(events: readonly MjaiEvent[]): Promise<void> {
    for (const ev of events) {
      this.last = null;
      this.last = await this.bot.exchange(JSON.stringify(ev), this.timeoutMs);
    }
  }

  async answer(): Promise<string | null> { return this.last; }

  async ask(event: MjaiEvent): Promise<string> {
    await this.tell([event]);
    return this.last!;
  }
}

class WhenItCanAct implements Dialogue {
  private pending: MjaiEvent[] = [];
  constructor(private readonly bot: { write(line: string): Promise<void>; read(timeoutMs: number): Promise<string> }, private readonly timeoutMs: number) {}

  async tell(events: readonly MjaiEvent[]): Promise<void> {
    this.pending.push(...events);
  }

  async answer(): Promise<string | null> {
    const events = this.pending;
    this.pending = [];
    for (let i = 0; i < events.length; i++) {
      await this.bot.write(JSON.stringify(i < events.length - 1 ? { ...events[i], can_act: false } : events[i]));
    }
    return this.bot.read(this.timeoutMs);
  }

  async ask(event: MjaiEvent): Promise<string> {
    this.pending.push(event);
    return (await this.answer())!;
  }
}

class Batches implements Dialogue {
  private pending: MjaiEvent[] = [];
  constructor(private readonly bot: BotTransport, private readonly timeoutMs: number) {}

  private send(events: readonly MjaiEvent[]): Promise<string> {
    return this.bot.exchange(JSON.stringify(events), this.timeoutMs);
  }

  async tell(events: readonly MjaiEvent[]): Promise<void> {
    for (const ev of events) {
      if (ev.type === 'start_game' || ev.type === 'end_kyoku' || ev.type === 'end_game') {
        this.pending = [];
        await this.send([ev]);
      } else this.pending.push(ev);
    }
  }

  async answer(): Promise<string | null> {
    const batch = this.pending;
    this.pending = [];
    return this.send(batch);
  }

  async ask(event: MjaiEvent): Promise<string> {
    this.pending.push(event);
    return (await this.answer())!;
  }
}
