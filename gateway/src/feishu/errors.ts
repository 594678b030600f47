import { AppError } from '@devhub/shared';

/** The platform answered `{code != 0, msg}` (whatever the HTTP status): `apiCode`, `msg` and the body. */
export class FeishuApiError extends AppError {
  readonly apiCode: number;
  readonly msg: string;
  readonly body: unknown;
  readonly httpStatus: number;

  constructor(operation: string, apiCode: number, msg: string, body: unknown, httpStatus: number) {
    super('FEISHU_API_ERROR', 502, `feishu ${operation}: code ${apiCode}: ${msg}`, { code: apiCode, msg });
    this.apiCode = apiCode;
    this.msg = msg;
    this.body = body;
    this.httpStatus = httpStatus;
  }
}

/** An HTTP failure without a platform body (proxy page, retries exhausted, network down). */
export class FeishuHttpError extends AppError {
  readonly httpStatus: number;
  constructor(operation: string, httpStatus: number, detail: string) {
    super('FEISHU_HTTP_ERROR', 502, `feishu ${operation}: ${httpStatus ? `HTTP ${httpStatus}` : 'request failed'}: ${detail}`, { status: httpStatus });
    this.httpStatus = httpStatus;
  }
}

/** Token codes after which a fresh token is fetched and the call retried once. */
export const TOKEN_INVALID_CODES = new Set([99991663, 99991661, 99991664, 99991665]);
