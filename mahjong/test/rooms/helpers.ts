/** Room API calls and raw event streams for the room tests. */
export const post = async (base: string, path: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-seat-token': token } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};

export interface RawStream {
  /** Every byte received so far, as text. */
  text(): string;
  events(): { event: string; data: any }[];
  close(): void;
}

/** Opens a room's event stream (with a seat token or as a spectator) and keeps everything it receives. */
export async function openStream(base: string, roomId: string, token?: string, watch = false): Promise<RawStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/rooms/${roomId}/events${watch ? '?watch=1' : ''}`, { headers: token ? { 'x-seat-token': token } : {}, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream: HTTP ${res.status} ${await res.text()}`);
  let raw = '';
  const decoder = new TextDecoder();
  void (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += decoder.decode(value, { stream: true });
      }
    } catch { /* aborted */ }
  })();
  return {
    text: () => raw,
    events: () => raw.split('\n\n').flatMap((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return event && data ? [{ event, data: JSON.parse(data) }] : [];
    }),
    close: () => controller.abort(),
  };
}

/** The move an API client in "auto" makes for its seat: a win, else a pass, else the drawn tile. */
export function autoChoice(s: any, seat: number): number | null {
  const v: number[] = s.valid_actions;
  if (!v.length || s.turn !== seat) return null;
  for (const a of [50, 49, 53]) if (v.includes(a)) return a;
  if (s.riichi_stage2) return v.includes(52) ? 52 : v[0]!;
  const d = s.players[seat].drawn;
  const cut = d == null ? -1 : d === 16 ? 34 : d === 52 ? 35 : d === 88 ? 36 : d >> 2;
  if (v.includes(cut)) return cut;
  const discards = v.filter((a) => a <= 36);
  return discards.length ? discards[discards.length - 1]! : v[0]!;
}

/** Plays the given seats through the API (reading each seat's own state) until the game is over. */
export async function playToEnd(base: string, roomId: string, tokens: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let moved = false;
    for (const token of tokens) {
      const res = await fetch(`${base}/api/rooms/${roomId}/state`, { headers: { 'x-seat-token': token } });
      if (res.status !== 200) continue;
      const s = await res.json() as any;
      if (s.is_over) return;
      const seat = s.viewer as number;
      const a = autoChoice(s, seat);
      if (a !== null) {
        await post(base, `/api/rooms/${roomId}/action`, { action_idx: a }, token);
        moved = true;
      }
    }
    if (!moved) await Bun.sleep(5);
  }
  throw new Error('the room game did not end in time');
}
