/**
 * What a JSON document sent to the gateway may be (README "Security model"): REST bodies and
 * WebSocket frames alike. Every client message and body is a flat object; nothing legitimate comes
 * near these (the largest is an input text of 1 MiB, at most 6 MiB once JSON-escaped).
 */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;
export const MAX_JSON_DEPTH = 32;

/**
 * One linear pass over the raw text, before any JSON.parse: a document nested thousands of levels
 * deep (`[[[…]]]`) costs microseconds here and cannot hold the event loop. Brackets inside strings
 * do not count; a text with no more brackets than the limit (most of them) is passed after a native
 * search, and strings are skipped with searches too, so a 1 MiB text costs little more than parsing it.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (bracketsAtMost(text, limit)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i + 1);
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function bracketsAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i >= 0; i = text.indexOf(bracket, i + 1)) if (++count > limit) return false;
  }
  return true;
}

/** The index of the quote closing the string that starts at `from` (past escapes); the end if none. */
function stringEnd(text: string, from: number): number {
  for (let i = from; ; ) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
}
