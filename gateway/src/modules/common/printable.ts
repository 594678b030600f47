/**
 * `text` (a channel id, a folder: anything a client chose) made safe for one log line: control
 * characters, among them the newline that would start a forged `[gateway] …` line, are written as
 * `\uXXXX` escapes.
 */
export function printable(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
