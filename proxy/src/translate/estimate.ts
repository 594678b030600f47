import { blocksOf, systemText, type ContentBlock } from './anthropic';

/** Tokens an image costs at most in Anthropic's accounting (a 1.15-megapixel image). */
const IMAGE_TOKENS = 1600;
/** A few tokens of framing per message. */
const MESSAGE_TOKENS = 4;

/**
 * A local estimate of a Messages request's input tokens, for vendors without count_tokens: about
 * one token per 4 characters of English and code (one per 1.5 for CJK text, which packs more into a
 * token), tool schemas counted as their JSON, an image as its upper bound.
 */
export function estimateInputTokens(body: Record<string, unknown>): number {
  let tokens = textTokens(systemText(body.system));
  for (const message of (Array.isArray(body.messages) ? body.messages : []) as { content?: unknown }[]) {
    tokens += MESSAGE_TOKENS;
    const pending: ContentBlock[] = [...blocksOf(message?.content as string | ContentBlock[])];
    for (let block = pending.pop(); block; block = pending.pop()) {
      if (!block || typeof block !== 'object') continue;
      switch (block.type) {
        case 'text': tokens += textTokens(block.text); break;
        case 'thinking': tokens += textTokens(block.thinking); break;
        case 'tool_use': tokens += textTokens(`${block.name}${JSON.stringify(block.input ?? {})}`); break;
        case 'tool_result': pending.push(...blocksOf(block.content)); break;
        case 'image': tokens += IMAGE_TOKENS; break;
        case 'document': tokens += block.source.type === 'base64' ? Math.ceil(block.source.data.length / 3) : textTokens(block.source.type === 'text' ? block.source.data : ''); break;
        default: break;
      }
    }
  }
  if (Array.isArray(body.tools)) tokens += textTokens(JSON.stringify(body.tools));
  return Math.max(1, Math.round(tokens));
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g;

function textTokens(text: string | undefined): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  return (text.length - cjk) / 4 + cjk / 1.5;
}
