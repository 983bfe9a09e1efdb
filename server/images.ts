// Raster images drawn from SVG with resvg: the PNG icons, by the build. The share image (server/share-image.ts) is apart:
// its words are labels, Markdown, which the build's own imports (run by tsx, without the Markdown hook) cannot read.
import { Resvg } from '@resvg/resvg-js';
import { markSvg } from '../shared/brand.js';
import { fontOptions } from './fonts.js';

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
