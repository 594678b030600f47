import type { ProxyConfig, Provider } from '../../config/schema';
import { isPlaceholderKey } from '../../config/placeholder';

/** The one list of model-name hints accepted as "an image model"; all map to MiniMax `image-01`. */
export const IMAGE_MODEL_HINTS = ['image-01', 'dall-e', 'gpt-image', 'flux', 'stable-diffusion', 'sdxl', 'sd', 'midjourney', 'imagen', 'minimax'];
export const UPSTREAM_IMAGE_MODEL = 'image-01';
export const MAX_PROMPT_CHARS = 1500;
/** DECISIONS.md platform A marker. */
const PLATFORM_A_MARKER = 'minimax';

export function isImageModel(model: string): boolean {
  const m = model.toLowerCase();
  return IMAGE_MODEL_HINTS.some((hint) => (hint === 'sd' ? /(^|[^a-z])sd([^a-z]|$)/.test(m) : m.includes(hint)));
}

/** First provider on platform A (host marker, or `usage_adapter: minimax`) that has a real key. */
export function findImageProvider(config: ProxyConfig): { name: string; provider: Provider } | null {
  for (const [name, provider] of Object.entries(config.providers)) {
    const onPlatformA = provider.usage_adapter ? provider.usage_adapter === 'minimax' : hostOf(provider.base_url).includes(PLATFORM_A_MARKER);
    if (onPlatformA && provider.api_keys.some((k) => !isPlaceholderKey(k.key))) return { name, provider };
  }
  return null;
}

/** Image calls go to the bare host: `https://api.minimaxi.com/anthropic` → `https://api.minimaxi.com`. */
export const imageEndpoint = (baseUrl: string) => `${new URL(baseUrl).origin}/v1/image_generation`;

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
    prompt: [...prompt].slice(0, MAX_PROMPT_CHARS).join(''),
    response_format: 'base64',
  };
  const dims = clampSize(size);
  if (dims) Object.assign(request, dims);
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 9) request.n = n;
  return request;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}
