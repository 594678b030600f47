/** Verify one log given as text: parse errors and sanma become a reported error, never a throw. */
import { isAppError } from '@devhub/shared/errors';
import { parseMjlog } from '../mjlog/parse';
import type { Paipu } from '../paipu/types';
import { verifyPaipu, type VerifyReport } from './verify-paipu';

export type FileVerdict = (VerifyReport | { status: 'error'; hands: 0; handsOk: 0; truncated: null; firstMismatch: string; notes: string[] }) & { file: string };

/** `parse` turns the text into a game record (Tenhou XML by default; the CLI passes a reader of every format). */
export function verifyText(file: string, text: string, parse: (text: string) => Paipu = parseMjlog): FileVerdict {
  try {
    return { file, ...verifyPaipu(parse(text)) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { file, status: 'error', hands: 0, handsOk: 0, truncated: null, firstMismatch: e.message, notes: [] };
  }
}
