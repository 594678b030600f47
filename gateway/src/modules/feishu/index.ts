import { readBoundedText } from '@devhub/shared';
import { Elysia, t } from 'elysia';
import { FeishuPlatform } from '../../bridge/feishu/platform';
import { runningPlatform } from '../../bridge/registry';
import type { Gateway } from '../../runtime';
import { BodyTooLarge } from '../common/errors';

/** Webhook bodies are small JSON documents; anything bigger is not from the platform. */
const BODY_LIMIT = 1024 * 1024;

export const FEISHU_WEBHOOK_PATHS = ['/bridge/feishu/events', '/bridge/feishu/card'] as const;

/**
 * The Feishu/Lark event-subscription and card-callback webhook (README "Chat bridge"). Not behind
 * the API key: the platform cannot send one; each delivery is checked against the verification
 * token (and the signature, with an Encrypt Key) instead. 404 when the Feishu bridge is off.
 */
export const feishuModule = (gateway: Gateway) => {
  const handler = async ({ request, body, set }: { request: Request; body: unknown; set: { status?: number | string } }) => {
    const platform = runningPlatform(gateway.ctx, 'feishu');
    if (!(platform instanceof FeishuPlatform)) {
      set.status = 404;
      return { detail: 'The Feishu bridge is not enabled (bridge.feishu.enabled)' };
    }
    const reply = await platform.handleWebhook(String(body ?? ''), request.headers);
    set.status = reply.status;
    return reply.body;
  };
  const hook = {
    // The raw text: signatures are over the exact bytes sent.
    parse: ({ request }: { request: Request }) => readBoundedText(request.body, BODY_LIMIT, () => new BodyTooLarge(BODY_LIMIT)),
    body: t.String(),
    detail: { tags: ['bridge'], summary: 'Feishu/Lark webhook: event subscription (url_verification, im.message.receive_v1) and card callbacks', security: [] },
  };
  const app = new Elysia({ name: 'feishu-webhook' });
  for (const path of FEISHU_WEBHOOK_PATHS) app.post(path, handler, hook);
  return app;
};
