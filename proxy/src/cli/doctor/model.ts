export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  status: CheckStatus;
  name: string;
  detail: string;
}

export const MARKS: Record<CheckStatus, string> = { ok: '✓', warn: '!', fail: '✗', skip: '-' };
