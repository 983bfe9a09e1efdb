// The raster images the site serves, drawn from SVG sources with resvg: the
// PNG icons, drawn by the build, and the 1200×630 social-share image, which
// shows the configured brand name and so is drawn at start-up (on resvg's
// own thread, while the pages render).
import { Resvg, renderAsync } from '@resvg/resvg-js';
import { createRequire } from 'node:module';
import type { AnswerSource } from './answers.js';
import { brandColours, markCloudPath, markSvg } from '../shared/brand.js';
import { business } from '../shared/content/business.js';
import { defaultShareImage } from '../shared/meta.js';
import type { SiteConfig } from '../shared/site-config.js';

const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shareImageSvg(site: SiteConfig): string {
  const { width, height } = defaultShareImage;
  const brand = escapeXml(site.brandName);
  // Long brand names get a smaller type size so they stay on the card.
  const brandSize = site.brandName.length > 22 ? 56 : 76;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColours.deep}"/><stop offset="1" stop-color="${brandColours.primary}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1050" cy="90" r="260" fill="#ffffff" opacity="0.06"/>
  <g transform="translate(96 120) scale(4)"><rect width="32" height="32" rx="8" fill="#ffffff"/><path d="${markCloudPath}" fill="${brandColours.primary}"/></g>
  <text x="96" y="350" font-family="DejaVu Sans" font-weight="bold" font-size="${brandSize}" fill="#ffffff">${brand}</text>
  <text x="96" y="430" font-family="DejaVu Sans" font-weight="bold" font-size="38" fill="#bfdbfe">Hosting · Custom development · Maintenance</text>
  <text x="96" y="530" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#e0e7ff">NVMe shared hosting · ${business.uptimeGuarantee} uptime · Support within ${business.supportResponseMinutes} minutes</text>
</svg>`;
}

const fontOptions = { font: { fontFiles: [fontFile], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } };

export function renderPng(svg: string): Buffer {
  return new Resvg(svg, fontOptions).render().asPng();
}

/** The icons the build writes into the public folder, by file name. */
export const icons: Record<string, string> = {
  'favicon.png': markSvg(48),
  'apple-touch-icon.png': markSvg(180, false),
  'icon-192.png': markSvg(192, false),
  'icon-512.png': markSvg(512, false),
};

export async function shareImage(site: SiteConfig): Promise<[string, AnswerSource]> {
  const png = (await renderAsync(shareImageSvg(site), fontOptions)).asPng();
  return [defaultShareImage.path, { status: 200, type: 'image/png', cacheControl: 'public, max-age=86400', body: png }];
}
