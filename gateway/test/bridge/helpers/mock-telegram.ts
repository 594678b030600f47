/**
 * A local Telegram Bot API (`POST /bot<token>/<method>`, answers `{ok, result}` or `{ok: false,
 * error_code, description}`), enough for the bridge: getMe, getUpdates long polling with offsets that
 * confirm earlier updates, sendMessage / editMessageText with HTML parse mode (tags checked, the
 * 4096-character limit counted on the visible text, "message is not modified" for an edit that
 * changes nothing), inline keyboards with 1–64 byte callback_data, sendPhoto (multipart),
 * answerCallbackQuery, sendChatAction, and files users send: getFile (`{file_id, file_unique_id,
 * file_size, file_path}`; "file is too big" over 20 MB) and their download at
 * `GET /file/bot<token>/<file_path>`. Written from the Bot API documentation.
 */

export interface BotMessage {
  message_id: number;
  chat_id: string;
  thread_id?: number;
  text: string;
  keyboard: Array<Array<{ text: string; callback_data: string }>>;
  versions: string[];
  photo?: { size: number; bytes: Uint8Array; caption: string };
}

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'code', 'pre', 'a', 'tg-spoiler', 'blockquote', 'span']);

/** The visible text of an HTML-mode message; throws like the API on a tag it does not support or an unbalanced one. */
function visibleText(html: string): string {
  // JSON may spell half of a surrogate pair (`"\ud83d"`), but no UTF-8 text holds one.
  if (!html.isWellFormed()) throw new Error('Bad Request: strings must be encoded in UTF-8');
  const stack: string[] = [];
  for (const m of html.matchAll(/<\/?([a-z-]+)[^>]*>/g)) {
    const tag = m[1]!;
    if (!ALLOWED_TAGS.has(tag)) throw new Error(`Bad Request: can't parse entities: Unsupported start tag "${tag}"`);
    if (m[0].startsWith('</')) {
      if (stack.pop() !== tag) throw new Error(`Bad Request: can't parse entities: Unmatched end tag "${tag}"`);
    } else stack.push(tag);
  }
  if (stack.length) throw new Error(`Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${stack.at(-1)}"`);
  if (/<(?![a-z/])/.test(html)) throw new Error("Bad Request: can't parse entities: unescaped <");
  return html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** `username` is the bot's, as getMe answers it. */
export function startMockTelegram(token: string, username = 'agentgw_bot') {
  const updates: Array<{ update_id: number; [k: string]: unknown }> = [];
  const messages = new Map<number, BotMessage>();
  const answers: Array<{ callback_query_id: string; text: string }> = [];
  const violations: string[] = [];
  let nextUpdate = 1;
  let nextMessage = 1000;
  let waiters: Array<() => void> = [];
  let polls = 0;
  /** Files users sent: file_id → bytes and the path getFile hands out. */
  const files = new Map<string, { bytes: Uint8Array; path: string }>();
  const downloads: string[] = [];
  const actions: Array<{ chat_id: string; action: string; thread_id?: number; at: number }> = [];
  let nextFile = 1;
  /** Methods that fail (as the Bot API's front end does in an outage) until `recover()`: method → kind. */
  const outages = new Map<string, 'bad-gateway' | 'json-502'>();
  let outageHits = 0;
  let hangPolls = 0;

  const ok = (result: unknown) => Response.json({ ok: true, result });
  const fail = (code: number, description: string) => {
    violations.push(`${code} ${description}`);
    return Response.json({ ok: false, error_code: code, description }, { status: code });
  };
  const keyboardOf = (markup: any): BotMessage['keyboard'] => {
    const rows = markup?.inline_keyboard ?? [];
    for (const row of rows) for (const b of row) {
      const size = Buffer.byteLength(b.callback_data ?? '');
      if (size < 1 || size > 64) throw new Error('Bad Request: BUTTON_DATA_INVALID');
    }
    return rows;
  };
  const push = (update: Record<string, unknown>) => {
    const id = nextUpdate++;
    updates.push({ update_id: id, ...update });
    for (const wake of waiters.splice(0)) wake();
    return id;
  };

  const server = Bun.serve({
    hostname: '127.0.0.1', port: 0, idleTimeout: 0,
    async fetch(req) {
      const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(new URL(req.url).pathname);
      if (download && req.method === 'GET') {
        if (download[1] !== token) return new Response('Unauthorized', { status: 401 });
        const path = decodeURIComponent(download[2]!);
        const file = [...files.values()].find((f) => f.path === path);
        downloads.push(path);
        return file ? new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/octet-stream' } }) : new Response('Not Found', { status: 404 });
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url).pathname);
      if (!match) return new Response('not found', { status: 404 });
      if (match[1] !== token) return Response.json({ ok: false, error_code: 401, description: 'Unauthorized' }, { status: 401 });
      const method = match[2]!;
      const outage = outages.get(method);
      if (outage) outageHits++;
      if (outage === 'bad-gateway') return new Response('<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n', { status: 502, headers: { 'content-type': 'text/html' } });
      if (outage === 'json-502') return Response.json({ ok: false, error_code: 502, description: 'Bad Gateway' }, { status: 502 });
      const type = req.headers.get('content-type') ?? '';
      const form = type.startsWith('multipart/form-data') ? await req.formData() : null;
      const body: any = form ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) : await req.json().catch(() => ({}));
      try {
        switch (method) {
          case 'getMe':
            return ok({ id: Number(token.split(':')[0]), is_bot: true, first_name: 'agentgw', username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false });
          case 'getUpdates': {
            polls++;
            if (hangPolls > 0) {
              hangPolls--;
              return new Promise<Response>(() => undefined); // the connection went silent: never answered
            }
            const offset = Number(body.offset ?? 0);
            // An offset confirms every update before it: they are never sent again.
            while (updates.length && updates[0]!.update_id < offset) updates.shift();
            if (!updates.length && Number(body.timeout) > 0) {
              await Promise.race([Bun.sleep(Number(body.timeout) * 1000), new Promise<void>((r) => waiters.push(r))]);
            }
            return ok(updates.filter((u) => u.update_id >= offset));
          }
          case 'sendMessage': {
            const text = String(body.text ?? '');
            if (body.parse_mode !== 'HTML') throw new Error('Bad Request: expected parse_mode HTML');
            const visible = visibleText(text);
            if (!visible.trim()) throw new Error('Bad Request: message text is empty');
            if (visible.length > 4096) throw new Error('Bad Request: message is too long');
            const message: BotMessage = {
              message_id: nextMessage++, chat_id: String(body.chat_id), text, keyboard: keyboardOf(body.reply_markup), versions: [text],
              ...(body.message_thread_id ? { thread_id: Number(body.message_thread_id) } : {}),
            };
            messages.set(message.message_id, message);
            return ok({ message_id: message.message_id, chat: { id: Number(body.chat_id), type: 'private' }, date: Math.floor(Date.now() / 1000), text: visible });
          }
          case 'editMessageText': {
            const message = messages.get(Number(body.message_id));
            if (!message || message.chat_id !== String(body.chat_id)) throw new Error('Bad Request: message to edit not found');
            const text = String(body.text ?? '');
            const visible = visibleText(text);
            if (visible.length > 4096) throw new Error('Bad Request: message is too long');
            const keyboard = keyboardOf(body.reply_markup);
            if (text === message.text && JSON.stringify(keyboard) === JSON.stringify(message.keyboard)) {
              return Response.json({ ok: false, error_code: 400, description: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message' }, { status: 400 });
            }
            message.text = text;
            message.keyboard = keyboard;
            message.versions.push(text);
            return ok({ message_id: message.message_id, chat: { id: Number(body.chat_id), type: 'private' }, date: 0, text: visible });
          }
          case 'sendPhoto': {
            const photo = form?.get('photo');
            if (!(photo instanceof Blob) || photo.size === 0) throw new Error('Bad Request: there is no photo in the request');
            const bytes = new Uint8Array(await photo.arrayBuffer());
            const message: BotMessage = {
              message_id: nextMessage++, chat_id: String(body.chat_id), text: '', keyboard: [], versions: [],
              photo: { size: photo.size, bytes, caption: String(body.caption ?? '') },
              ...(body.message_thread_id ? { thread_id: Number(body.message_thread_id) } : {}),
            };
            messages.set(message.message_id, message);
            return ok({ message_id: message.message_id, chat: { id: Number(body.chat_id), type: 'private' }, date: 0, photo: [{ file_id: 'f1', width: 1, height: 1 }] });
          }
          case 'getFile': {
            const file = files.get(String(body.file_id ?? ''));
            if (!file) throw new Error('Bad Request: invalid file_id');
            if (file.bytes.byteLength > 20 * 1024 * 1024) throw new Error('Bad Request: file is too big');
            return ok({ file_id: body.file_id, file_unique_id: `u${body.file_id}`, file_size: file.bytes.byteLength, file_path: file.path });
          }
          case 'sendChatAction': {
            const allowed = ['typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice', 'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note'];
            if (!allowed.includes(String(body.action))) throw new Error('Bad Request: wrong parameter action in request');
            actions.push({ chat_id: String(body.chat_id), action: String(body.action), ...(body.message_thread_id ? { thread_id: Number(body.message_thread_id) } : {}), at: Date.now() });
            return ok(true);
          }
          case 'answerCallbackQuery':
            answers.push({ callback_query_id: String(body.callback_query_id), text: String(body.text ?? '') });
            return ok(true);
          default:
            return fail(404, 'Not Found: method not found');
        }
      } catch (error) {
        return fail(400, (error as Error).message);
      }
    },
  });

  const inChat = (chat: string) => [...messages.values()].filter((m) => m.chat_id === chat);
  return {
    apiBase: `http://127.0.0.1:${server.port}`,
    messages, answers, violations,
    get polls() { return polls; },
    pending: () => updates.length,
    /** A user's text message in a chat (a forum topic with `thread`). */
    say(chat: string, user: number, text: string, thread?: number): number {
      return push({
        message: {
          message_id: nextMessage++, from: { id: user, is_bot: false, first_name: `user${user}` }, chat: { id: Number(chat), type: Number(chat) < 0 ? 'supergroup' : 'private' },
          date: Math.floor(Date.now() / 1000), text, ...(thread ? { message_thread_id: thread, is_topic_message: true } : {}),
        },
      });
    },
    /** A press on a button of a sent message. */
    press(messageId: number, label: string | RegExp, user: number): { updateId: number; queryId: string } {
      const message = messages.get(messageId)!;
      const button = message.keyboard.flat().find((b) => (typeof label === 'string' ? b.text === label : label.test(b.text)));
      if (!button) throw new Error(`no button ${label} on ${messageId}`);
      const queryId = `cq${nextUpdate}`;
      const updateId = push({
        callback_query: {
          id: queryId, from: { id: user, is_bot: false, first_name: `user${user}` }, data: button.callback_data, chat_instance: 'ci1',
          message: { message_id: messageId, chat: { id: Number(message.chat_id), type: 'private' }, date: 0, text: visibleText(message.text) },
        },
      });
      return { updateId, queryId };
    },
    /**
     * A user's document, photo (sent as three sizes, as Telegram does) or voice note, with an
     * optional caption; its bytes are served through getFile and the file URL.
     */
    sendFile(chat: string, user: number, kind: 'document' | 'photo' | 'voice', bytes: Uint8Array, extra: { name?: string; caption?: string; mime?: string } = {}): number {
      const register = (data: Uint8Array, dir: string, ext: string) => {
        const id = `AgAD${nextFile++}file`;
        files.set(id, { bytes: data, path: `${dir}/file_${nextFile}${ext}` });
        return { file_id: id, file_unique_id: `u${id}`, file_size: data.byteLength };
      };
      const media = kind === 'photo'
        ? { photo: [register(bytes.subarray(0, 16), 'photos', '.jpg'), register(bytes.subarray(0, 64), 'photos', '.jpg'), register(bytes, 'photos', '.jpg')].map((p, i) => ({ ...p, width: 90 * (i + 1), height: 60 * (i + 1) })) }
        : kind === 'voice'
          ? { voice: { ...register(bytes, 'voice', '.oga'), duration: 2, mime_type: 'audio/ogg' } }
          : { document: { ...register(bytes, 'documents', extra.name?.match(/\.\w+$/)?.[0] ?? ''), ...(extra.name ? { file_name: extra.name } : {}), mime_type: extra.mime ?? 'application/octet-stream' } };
      return push({
        message: {
          message_id: nextMessage++, from: { id: user, is_bot: false, first_name: `user${user}` }, chat: { id: Number(chat), type: Number(chat) < 0 ? 'supergroup' : 'private' },
          date: Math.floor(Date.now() / 1000), ...media, ...(extra.caption ? { caption: extra.caption } : {}),
        },
      });
    },
    downloads, actions,
    /** From now on `methods` fail: nginx's HTML 502 page (`bad-gateway`) or the API's JSON 502. */
    outage(methods: string[], kind: 'bad-gateway' | 'json-502' = 'bad-gateway'): void {
      for (const m of methods) outages.set(m, kind);
    },
    /** Calls answered with an outage's 502 so far. */
    get outageHits() { return outageHits; },
    /** The next `n` getUpdates are never answered (a connection a NAT dropped without a word). */
    hangPolls(n = 1): void {
      hangPolls = n;
    },
    recover(): void {
      outages.clear();
    },
    inChat,
    /** Visible text of every message in a chat. */
    textsIn: (chat: string) => inChat(chat).map((m) => (m.photo ? `[photo] ${m.photo.caption}` : visibleText(m.text))),
    visibleText,
    stop: () => server.stop(true),
  };
}

export type MockTelegram = ReturnType<typeof startMockTelegram>;
