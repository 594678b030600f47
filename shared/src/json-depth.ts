/**
 * How deep a JSON text nests, read from the text itself before anything parses it: JSON.parse of a
 * few MB of brackets builds millions of nested arrays (hundreds of MB and seconds of a server's one
 * thread) before any check on the parsed value could refuse them. One linear pass, no allocation;
 * brackets inside strings (escapes included) do not count, and a text with no more brackets than
 * `max` (most of them) is passed after a native search. Used by the gateway (REST bodies, WebSocket
 * frames) and mahjong (bodies and uploaded logs). Imported as `@devhub/shared/json-depth`.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `text` (JSON or not) opens more than `max` arrays/objects inside each other outside strings. */
export function jsonTextDeeperThan(text: string, max: number): boolean {
  if (bracketsAtMost(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i + 1);
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return false;
}

function bracketsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i >= 0; i = text.indexOf(bracket, i + 1)) if (++count > max) return false;
  }
  return true;
}

/** The index of the quote closing the string that starts at `from` (past escapes); the end if none. */
function stringEnd(text: string, from: number): number {
  for (let i = from; ; ) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
}
