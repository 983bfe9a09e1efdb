// The share image, a card that shows the configured brand name and the labels' lines under it: drawn at start-up (on
// resvg's own thread, while the pages render), as it depends on the configuration.
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { brandColours, markCloudPath } from '../shared/brand.js';
import { business } from '../shared/content/business.js';
import { shareImage as labels } from '../shared/content/header.labels.md';
import { fill } from '../shared/content/labels.js';
import { defaultShareImage } from '../shared/meta.js';
import type { SiteConfig } from '../shared/site-config.js';
import { fontOptions } from './fonts.js';
import { escapeMarkup } from './markup.js';
import type { PreparedSource } from './prepared.js';

/** The card as drawn: the brand's mark and name, and the lines of the labels under them. */
export function shareImageSvg(site: SiteConfig): string {
  const { width, height } = defaultShareImage;
  const brand = escapeMarkup(site.brandName);
  const facts = fill(labels.facts, { uptime: business.uptimeGuarantee, minutes: business.supportResponseMinutes });
  // Long brand names get a smaller type size so they stay on the card.
  const brandSize = site.brandName.length > 22 ? 56 : 76;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColours.deep}"/><stop offset="1" stop-color="${brandColours.primary}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1050" cy="90" r="260" fill="#ffffff" opacity="0.06"/>
  <g transform="translate(96 120) scale(4)"><rect width="32" height="32" rx="8" fill="#ffffff"/><path d="${markCloudPath}" fill="${brandColours.primary}"/></g>
  <text x="96" y="350" font-family="DejaVu Sans" font-weight="bold" font-size="${brandSize}" fill="#ffffff">${brand}</text>
  <text x="96" y="430" font-family="DejaVu Sans" font-weight="bold" font-size="38" fill="#bfdbfe">${escapeMarkup(labels.tagline)}</text>
  <text x="96" y="530" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#e0e7ff">${escapeMarkup(facts)}</text>
</svg>`;
}

const deflateAsync = promisify(deflate);

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(data.length + 12);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Not resvg's asPng(), which compresses on the main thread and makes a larger file (docs/performance.md); unfiltered
// rows suit a card's flat colours and gradient. resvg's pixels are premultiplied by alpha: only an opaque image's, as the
// share image is (a test checks every pixel), are its colours.
async function opaquePng(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  // Each row is its filter type (0, none) and then its pixels.
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA (compression, filter and interlace methods stay 0)
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', await deflateAsync(rows, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function drawShareImage(site: SiteConfig): Promise<{ pixels: Buffer; width: number; height: number }> {
  // Imported here, not above: a start that reads the build's pages (server/prepared-at-build.ts) never loads the addon.
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(shareImageSvg(site), fontOptions);
  return { pixels: image.pixels, width: image.width, height: image.height };
}

export async function shareImage(site: SiteConfig): Promise<[string, PreparedSource]> {
  const { pixels, width, height } = await drawShareImage(site);
  const png = await opaquePng(pixels, width, height);
  return [defaultShareImage.path, { status: 200, type: 'image/png', cacheControl: 'public, max-age=86400', body: png }];
}
