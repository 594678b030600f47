/**
 * `/stop@SomeBot …`: a command a group member addressed to one bot (Telegram bot usernames end in
 * "bot"). The Bot API documentation asks bots to ignore commands addressed to other bots.
 */
const ADDRESSED = /^(\s*\/\w+)@(\w*bot)(?=\s|$)/i;

/**
 * The message's text for the bridge: a command addressed to this bot (`username`, from getMe,
 * compared case-insensitively) without its `@username`; null for a command addressed to another bot.
 */
export function addressedText(text: string, username: string): string | null {
  const match = ADDRESSED.exec(text);
  if (!match) return text;
  if (!username || match[2]!.toLowerCase() !== username.toLowerCase()) return null;
  return match[1]! + text.slice(match[0].length);
}
