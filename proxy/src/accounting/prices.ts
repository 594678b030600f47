import type { ModelPrice, ProxyConfig } from '../config/schema';
import type { TokenUsage } from './usage-scan';

/** `provider/model` first (one provider's price), then the model alone; names compare case-insensitively. */
export function priceFor(prices: ProxyConfig['prices'], provider: string | null, model: string | null): ModelPrice | null {
  if (!model) return null;
  const wanted = [provider ? `${provider}/${model}`.toLowerCase() : null, model.toLowerCase()];
  for (const name of wanted) {
    if (name === null) continue;
    const hit = Object.entries(prices).find(([key]) => key.toLowerCase() === name);
    if (hit) return hit[1];
  }
  return null;
}

/** Cost of one request from per-million-token prices; cache tokens cost the input price unless priced. */
export function costOf(price: ModelPrice, usage: TokenUsage): number {
  const per = (tokens: number | null, perMillion: number) => ((tokens ?? 0) * perMillion) / 1_000_000;
  return per(usage.input_tokens, price.input)
    + per(usage.output_tokens, price.output)
    + per(usage.cache_read_tokens, price.cache_read ?? price.input)
    + per(usage.cache_write_tokens, price.cache_write ?? price.input);
}
