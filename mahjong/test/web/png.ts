import { inflateSync } from 'node:zlib';

/**
 * Decodes an 8-bit, non-interlaced RGB/RGBA PNG (what Chromium's screenshots are) and counts
 * distinct colours, so a test can tell a drawn page from a blank one.
 */
export function pngColours(buf: Uint8Array): { width: number; height: number; colours: number } {
  const view = Buffer.from(buf);
  if (view.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat: Buffer[] = [];
  while (pos < view.length) {
    const len = view.readUInt32BE(pos);
    const type = view.toString('ascii', pos + 4, pos + 8);
    const data = view.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG');
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (!channels) throw new Error('unsupported PNG colour type');
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const prev = new Uint8Array(stride);
  const row = new Uint8Array(stride);
  const seen = new Set<number>();
  for (let y = 0; y < height; y++) {
    const base = y * (stride + 1);
    const filter = raw[base]!;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels]! : 0, b = prev[x]!, c = x >= channels ? prev[x - channels]! : 0;
      const v = raw[base + 1 + x]!;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? (pa <= pb && pa <= pc ? a : pb <= pc ? b : c) : 0;
      row[x] = (v + pred) & 0xff;
    }
    for (let x = 0; x < width; x += 3) seen.add((row[x * channels]! << 16) | (row[x * channels + 1]! << 8) | row[x * channels + 2]!);
    prev.set(row);
  }
  return { width, height, colours: seen.size };
}
