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
