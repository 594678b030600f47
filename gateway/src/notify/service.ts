import { maskKey } from '@devhub/shared';
import type { StatusEvent } from '../events';
import type { GatewayContext, GatewayService } from '../runtime/types';
import type { Notification, NotifyEventKind, WebhookTarget } from './model';

const TIMEOUT_MS = 10_000;

/** A status change a user away from the terminal wants to hear about; null for any other. */
export function notificationOf(event: StatusEvent, previous: StatusEvent | undefined, now = new Date()): Notification | null {
  let kind: NotifyEventKind | null = null;
  if (event.status === 'interactive' && (previous?.status !== 'interactive' || previous.display_label !== event.display_label)) kind = 'needs_input';
  else if (event.status === 'done' && previous?.status !== 'done') kind = 'finished';
  if (!kind) return null;
  return {
    event: kind, window_id: event.window_id, channel_ids: event.channel_ids, provider: event.provider,
    status: event.status, display_label: event.display_label,
    question: event.prompt_state?.question ?? null, options: event.prompt_state?.options ?? [],
    prompt_state: event.prompt_state, time: now.toISOString(),
  };
}

/**
 * How a webhook is named in the log: its place in `notify.webhooks` and its origin, never its path,
 * query or user info. Chat platforms' incoming webhooks are secrets in the path (Slack
 * `/services/T…/B…/<token>`, Feishu `/open-apis/bot/v2/hook/<token>`, Discord `/api/webhooks/<id>/<token>`):
 * whoever reads the log could post as the bot.
 */
export function webhookName(url: string, index: number): string {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = '(not a URL)';
  }
  return `webhook #${index + 1} (${origin}/…)`;
}

/**
 * Posts a Notification to each configured webhook when a session needs input (a permission,
 * trust or question prompt) or finishes. Delivery is best effort: one try with a timeout, a
 * failure is logged (see webhookName; never the secret) and the gateway goes on.
 */
export class NotifyService implements GatewayService {
  readonly name = 'notify';
  private unsubscribe: (() => void) | null = null;
  private readonly last = new Map<string, StatusEvent>();
  private readonly inFlight = new Set<Promise<void>>();

  private targets: readonly WebhookTarget[] = [];

  /** `targets` overrides the config's `notify.webhooks` (tests). */
  constructor(private readonly configured?: readonly WebhookTarget[]) {}

  start(ctx: GatewayContext): void {
    this.targets = this.configured ?? ctx.config.notify?.webhooks ?? [];
    if (this.targets.length === 0) return;
    this.unsubscribe = ctx.bus.subscribe('agent.status', (event) => {
      const note = notificationOf(event, this.last.get(event.window_id));
      this.last.set(event.window_id, event);
      if (!note) return;
      for (const target of this.targets) {
        if (!target.events.includes(note.event)) continue;
        const sending = this.post(ctx, target, note).finally(() => this.inFlight.delete(sending));
        this.inFlight.add(sending);
      }
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.allSettled([...this.inFlight]);
  }

  private async post(ctx: GatewayContext, target: WebhookTarget, note: Notification): Promise<void> {
    const where = webhookName(target.url, this.targets.indexOf(target));
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(target.secret ? { authorization: `Bearer ${target.secret}` } : {}) },
        body: JSON.stringify(note),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (!res.ok) ctx.log.warn(`notify: ${where} answered HTTP ${res.status} to ${note.event} of ${note.window_id}`);
    } catch (error) {
      const secret = target.secret ? ` (secret ${maskKey(target.secret)})` : '';
      ctx.log.warn(`notify: ${where}${secret} failed for ${note.event} of ${note.window_id}: ${(error as Error).message}`);
    }
  }
}
