/**
 * How deep a JSON text nests, read from the text itself, before anything parses it. JSON.parse of
 * 5 MB of brackets builds 2.6 million nested arrays: ~230 MB and about two seconds of the
 * server's one thread, spent before any check on the parsed value could refuse it. Our deepest
 * documents nest 8 levels (a paipu in a request, a tenhou.net/6 log, an mjai event).
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Whether `text` (JSON or not) opens more than `max` arrays/objects inside each other outside strings. */
export function jsonTextDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return false;
}
