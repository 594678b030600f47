import { Elysia } from 'elysia';

/**
 * Headers on every answer (README, "Security model"): no page of ours may be framed — a page of the
 * same site could otherwise lay ours, cookies and all, under its own and steer the player's
 * clicks — a link out tells nothing of the URL it left, and no answer is read as another type.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

export const securityHeaders = () =>
  new Elysia({ name: 'security-headers' }).onRequest(({ set }) => {
    Object.assign(set.headers, SECURITY_HEADERS);
  });
