import type { ProxyConfig, Provider } from '../../config/schema';
import { isPlaceholderKey } from '../../config/placeholder';
import { originOf, selectAdapter } from '../../usage/select';

/** The one list of model-name hints accepted as "an image model"; all map to MiniMax `image-01`. */
export const IMAGE_MODEL_HINTS = ['image-01', 'dall-e', 'gpt-image', 'flux', 'stable-diffusion', 'sdxl', 'sd', 'midjourney', 'imagen', 'minimax'];
export const UPSTREAM_IMAGE_MODEL = 'image-01';
export const MAX_PROMPT_CHARS = 1500;

export function isImageModel(model: string): boolean {
  const m = model.toLowerCase();
  return IMAGE_MODEL_HINTS.some((hint) => (hint === 'sd' ? /(^|[^a-z])sd([^a-z]|$)/.test(m) : m.includes(hint)));
}

/**
 * First provider on platform A that has a real key: the same host markers (and `usage_adapter`
 * override) that choose the usage adapter (usage/select.ts).
 */
export function findImageProvider(config: ProxyConfig): { name: string; provider: Provider } | null {
  for (const [name, provider] of Object.entries(config.providers)) {
    const real = provider.api_keys.find((k) => !isPlaceholderKey(k.key));
    if (real && selectAdapter(provider, real) === 'minimax') return { name, provider };
  }
  return null;
}

/** Image calls go to the bare host: `https://api.minimaxi.com/anthropic` → `https://api.minimaxi.com`. */
export const imageEndpoint = (baseUrl: string) => `${originOf(baseUrl)}/v1/image_generation`;

/** `WxH` → each side clamped to 512–2048 and rounded to a multiple of 8; null when unparsable. */
export function clampSize(size: unknown): { width: number; height: number } | null {
  if (typeof size !== 'string') return null;
  const m = /^\s*(\d{1,6})\s*[x×*]\s*(\d{1,6})\s*$/i.exec(size);
  if (!m) return null;
  const side = (v: string) => Math.min(2048, Math.max(512, Math.round(Number(v) / 8) * 8));
  return { width: side(m[1]!), height: side(m[2]!) };
}

export function upstreamImageRequest(prompt: string, size: unknown, n: unknown): Record<string, unknown> {
  const request: Record<string, unknown> = {
    model: UPSTREAM_IMAGE_MODEL,
    prompt: truncate(prompt, MAX_PROMPT_CHARS),
    response_format: 'base64',
  };
  const dims = clampSize(size);
  if (dims) Object.assign(request, dims);
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 9) request.n = n;
  return request;
}

/**
 * The first `max` characters (code points, so no surrogate pair is cut). Only the head is split
 * into characters: a 30 MB prompt must not become an array of millions of strings.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text.slice(0, max * 2)).slice(0, max).join('');
}
