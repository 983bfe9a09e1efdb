// Reads a PNG as a viewer would: the signature, every chunk's length and CRC,
// the header, and the image data inflated into rows of pixels. Only what the
// site writes is supported (8-bit RGBA, no interlace); a row filter other than
// none is reported as such rather than undone.
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** The chunk types in file order. */
  chunks: string[];
  /** Each row's filter type. */
  filters: number[];
  /** RGBA, row after row. */
  pixels: Buffer;
}

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG signature');
  const chunks: string[] = [];
  const data: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    const type = typeAndData.subarray(0, 4).toString('latin1');
    if (png.readUInt32BE(at + 8 + length) !== crc32(typeAndData)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') header = typeAndData.subarray(4);
    if (type === 'IDAT') data.push(typeAndData.subarray(4));
    at += length + 12;
  }
  if (!header) throw new Error('no IHDR');
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  if (header[8] !== 8 || header[9] !== 6 || header[12] !== 0) throw new Error('not 8-bit RGBA without interlace');
  const rows = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  if (rows.length !== (stride + 1) * height) throw new Error(`image data of ${rows.length} bytes for ${width}×${height}`);
  const filters: number[] = [];
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    filters.push(rows[y * (stride + 1)]!);
    rows.copy(pixels, y * stride, y * (stride + 1) + 1, (y + 1) * (stride + 1));
  }
  return { width, height, chunks, filters, pixels };
}
