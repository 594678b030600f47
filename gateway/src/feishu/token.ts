import { FeishuApiError } from './errors';
import type { Transport } from './transport';

/** Refresh this long before the platform's expiry (spec "Outbound token refresh margin"). */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * The tenant access token of one client instance: fetched lazily, cached, refetched when missing
 * or within 60 s of expiry; concurrent callers share one fetch.
 */
export class TenantToken {
  private token: string | null = null;
  private expiresAt = 0;
  private pending: Promise<string> | null = null;

  constructor(private readonly transport: Transport, private readonly appId: string, private readonly appSecret: string, private readonly now: () => number = Date.now) {}

  async get(): Promise<string> {
    if (this.token && this.expiresAt - this.now() > REFRESH_MARGIN_MS) return this.token;
    this.pending ??= this.fetch().finally(() => { this.pending = null; });
    return this.pending;
  }

  invalidate(): void {
    this.token = null;
    this.expiresAt = 0;
  }

  private async fetch(): Promise<string> {
    const body = await this.transport.json('token', 'POST', '/auth/v3/tenant_access_token/internal', {
      json: { app_id: this.appId, app_secret: this.appSecret },
    });
    const token = body.tenant_access_token;
    const expire = Number(body.expire);
    if (typeof token !== 'string' || !token || !Number.isFinite(expire)) {
      throw new FeishuApiError('token', Number(body.code) || -1, 'response without tenant_access_token/expire', body, 200);
    }
    this.token = token;
    this.expiresAt = this.now() + expire * 1000;
    return token;
  }
}
