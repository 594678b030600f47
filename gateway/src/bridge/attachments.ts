import { writeFileAtomic } from '@devhub/shared';
import { existsSync, mkdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { CommandHost } from './hub';
import { AttachmentTooBig, type ChatPlatform, type InboundAttachment, type InboundMessage } from './platform';

/**
 * Files sent to the bot (a Telegram document or photo, a Feishu file or image) are saved into the
 * bound session's working folder (or `bridge.attachments_dir` under it), and the assistant is told
 * where, with the caption. Voice notes are refused: an assistant cannot listen to them.
 */
export async function receiveAttachments(host: CommandHost, platform: ChatPlatform, m: InboundMessage, channel: string): Promise<void> {
  const attachments = m.attachments ?? [];
  const note = (text: string, tone: 'neutral' | 'error' = 'neutral') => host.reply(platform, m.address, { tone, blocks: [{ type: 'markdown', text }] });
  if (attachments.some((a) => a.kind === 'voice')) {
    await note('🎤 Voice messages cannot be given to the assistant: type your message, or send the recording as a file.', 'error');
    return;
  }
  const session = host.ctx.store.session(channel);
  const window = session ? host.ctx.store.window(session.window_id) : undefined;
  if (!session || !window) {
    await host.reply(platform, m.address, host.unboundCard(channel));
    return;
  }
  const dir = resolve(window.cwd, host.config.attachments_dir || '.');
  const limit = Math.round(host.config.max_attachment_mb * 1_048_576);
  const saved: string[] = [];
  for (const [i, attachment] of attachments.entries()) {
    const name = fileName(attachment, m.messageId, i);
    let bytes: Uint8Array;
    try {
      if (attachment.size !== undefined && attachment.size > limit) throw new AttachmentTooBig(attachment.size, limit);
      bytes = await attachment.download(limit);
    } catch (error) {
      if (!(error instanceof AttachmentTooBig)) throw error;
      await note(`📎 ${name} was not saved: ${error.message}.`, 'error');
      continue;
    }
    mkdirSync(dir, { recursive: true });
    const path = freePath(dir, withExtension(name, bytes));
    writeFileAtomic(path, bytes, { mode: 0o600 });
    host.ctx.log.info(`bridge: saved a ${attachment.kind} from ${platform.id} chat ${m.address.chatId} to ${path} (${bytes.byteLength} bytes)`);
    saved.push(path);
  }
  if (!saved.length) return;
  await note(`📎 Saved ${saved.map((p) => `\`${p}\``).join(', ')}`);
  await host.typeInto(platform, channel, attachmentPrompt(m.text, saved), m.address);
}

/** What the assistant is told: the caption, then where the files are (one line, so it is typed as one message). */
export function attachmentPrompt(caption: string, paths: string[]): string {
  const where = `${paths.length > 1 ? 'Attached files' : 'Attached file'}: ${paths.join(', ')}`;
  const text = caption.replace(/\s+/g, ' ').trim();
  return text ? `${text} (${where})` : where;
}

/** A name that is one plain path component: no directories, no control characters, no leading dot. */
export function safeFileName(name: string): string {
  // biome-ignore lint: control characters are what is stripped
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').replace(/^[.\s]+/, '').trim();
  return base.slice(-120) || '';
}

function fileName(attachment: InboundAttachment, messageId: string, index: number): string {
  const given = safeFileName(attachment.name ?? '');
  if (given) return given;
  const id = messageId.replace(/[^A-Za-z0-9_-]/g, '').slice(-24) || 'message';
  return `${attachment.kind === 'image' ? 'image' : 'file'}-${id}${index ? `-${index + 1}` : ''}`;
}

/** Images often come without an extension: name it from the bytes (PNG, JPEG, GIF, WebP, PDF). */
function withExtension(name: string, bytes: Uint8Array): string {
  if (extname(name)) return name;
  const head = Array.from(bytes.subarray(0, 12));
  const starts = (...b: number[]) => b.every((v, i) => head[i] === v);
  const ext = starts(0x89, 0x50, 0x4e, 0x47) ? '.png' : starts(0xff, 0xd8, 0xff) ? '.jpg' : starts(0x47, 0x49, 0x46, 0x38) ? '.gif'
    : starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 ? '.webp' : starts(0x25, 0x50, 0x44, 0x46) ? '.pdf' : '';
  return name + ext;
}

/** `name`, or `name-2.ext`, `name-3.ext`…: a file already there is never overwritten. */
function freePath(dir: string, name: string): string {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let path = join(dir, name);
  for (let n = 2; existsSync(path); n++) path = join(dir, `${stem}-${n}${ext}`);
  return path;
}
