import { AppError } from '@devhub/shared';

/** A dedicated usage query or probe that did not give an answer; `reason` is short and key-free. */
export class UsageQueryFailed extends AppError {
  readonly reason: string;
  constructor(reason: string) {
    super('USAGE_QUERY_FAILED', 502, reason);
    this.reason = reason;
  }
}
