import { jsonTextDeeperThan as deeperThan } from '@devhub/shared/json-depth';

/**
 * How deep a JSON text may nest in a request or an uploaded log, read from the text before
 * anything parses it (shared/src/json-depth.ts). Our deepest documents nest 8 levels (a paipu in a
 * request, a tenhou.net/6 log, an mjai event).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` (JSON or not) nests more than `max` arrays/objects outside strings. */
export const jsonTextDeeperThan = (text: string, max = MAX_JSON_DEPTH): boolean => deeperThan(text, max);
