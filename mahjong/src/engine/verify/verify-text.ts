/** Verify one log given as text: parse errors and sanma become a reported error, never a throw. */
import { isAppError } from '@devhub/shared/errors';
import { parseMjlog } from '../mjlog/parse';
import { verifyPaipu, type VerifyReport } from './verify-paipu';

export type FileVerdict = (VerifyReport | { status: 'error'; hands: 0; handsOk: 0; truncated: null; firstMismatch: string; notes: string[] }) & { file: string };

export function verifyText(file: string, text: string): FileVerdict {
  try {
    return { file, ...verifyPaipu(parseMjlog(text)) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { file, status: 'error', hands: 0, handsOk: 0, truncated: null, firstMismatch: e.message, notes: [] };
  }
}
