// Generates the six illustrations as original Lottie animations
// (public/animations/NAME.json) and, from the same shapes at frame 0, the
// still SVG shown before the player loads, without JavaScript and under
// prefers-reduced-motion (public/animations/NAME.svg).
// Run: node --import tsx scripts/animations.ts (outputs are committed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { animationNames, type AnimationName } from '../shared/content/animations.js';
import { root } from './build.js';

const W = 240;
const H = 160;
const FRAMES = 120;

type Vec = [number, number];
type Shape =
  | { kind: 'rect'; at: Vec; size: Vec; radius: number; color: string }
  | { kind: 'circle'; at: Vec; r: number; color: string }
  | { kind: 'line'; from: Vec; to: Vec; width: number; color: string };

/** A property's value at keyframes spread evenly over the loop (first = last for a seamless loop). */
type Track = number[];

interface Layer {
  shapes: Shape[];
  /** Transform origin, in composition coordinates. */
  origin: Vec;
  scale?: Track;
  scaleY?: Track;
  opacity?: Track;
  dy?: Track;
  dx?: Track;
  rotate?: Track;
  /** Frames to shift this layer's keyframes by, for staggered motion. */
  delay?: number;
}

const C = {
  blue: '#1d4ed8',
  sky: '#60a5fa',
  pale: '#dbeafe',
  ink: '#0f172a',
  green: '#16a34a',
  amber: '#f59e0b',
  white: '#ffffff',
};

const rgb = (hex: string) => [1, 3, 5].map((i) => Math.round((parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000);

const rect = (x: number, y: number, w: number, h: number, color: string, radius = 6): Shape => ({
  kind: 'rect',
  at: [x + w / 2, y + h / 2],
  size: [w, h],
  radius,
  color,
});
const circle = (x: number, y: number, r: number, color: string): Shape => ({ kind: 'circle', at: [x, y], r, color });
const line = (from: Vec, to: Vec, color: string, width = 3): Shape => ({ kind: 'line', from, to, width, color });

const pulse = (low: number, high = 100): Track => [high, low, high];
const ground = (): Layer => ({ shapes: [rect(20, 140, 200, 6, C.pale, 3)], origin: [120, 143] });

const designs: Record<AnimationName, Layer[]> = {
  hosting: [
    ground(),
    ...[0, 1, 2].map((i) => ({ shapes: [rect(70, 70 + i * 22, 100, 18, C.blue, 5)], origin: [120, 79 + i * 22] as Vec })),
    ...[0, 1, 2].map((i) => ({
      shapes: [circle(84, 79 + i * 22, 3, C.green)],
      origin: [84, 79 + i * 22] as Vec,
      opacity: pulse(20),
      delay: i * 12,
    })),
    {
      shapes: [circle(105, 38, 16, C.sky), circle(126, 32, 20, C.sky), circle(146, 40, 14, C.sky), rect(95, 38, 60, 16, C.sky, 8)],
      origin: [125, 40],
      dy: [0, -6, 0],
    },
  ],
  analytics: [
    ground(),
    ...[0, 1, 2, 3].map((i) => ({
      shapes: [rect(52 + i * 36, 60 + (3 - i) * 14 - 10, 24, 80 - (3 - i) * 14 + 10, i === 3 ? C.blue : C.sky, 4)],
      origin: [64 + i * 36, 140] as Vec,
      scaleY: pulse(55),
      delay: i * 10,
    })),
    {
      shapes: [
        line([50, 96], [95, 78], C.ink),
        line([95, 78], [135, 84], C.ink),
        line([135, 84], [190, 44], C.ink),
        circle(190, 44, 5, C.amber),
      ],
      origin: [120, 70],
      opacity: [100, 70, 100],
    },
  ],
  payments: [
    ground(),
    {
      shapes: [rect(50, 50, 130, 80, C.blue, 10), rect(50, 66, 130, 14, C.ink, 0), rect(64, 104, 50, 8, C.pale, 4)],
      origin: [115, 90],
      dx: [0, 8, 0],
      rotate: [-4, 2, -4],
    },
    {
      shapes: [circle(178, 50, 20, C.green), line([169, 50], [176, 57], C.white, 4), line([176, 57], [188, 43], C.white, 4)],
      origin: [178, 50],
      scale: [100, 80, 100],
    },
  ],
  fintech: [
    ground(),
    ...[0, 1, 2, 3].map((i) => ({
      shapes: [rect(60, 122 - i * 14, 50, 12, C.amber, 6)],
      origin: [85, 128 - i * 14] as Vec,
      dy: [0, -4, 0],
      delay: i * 6,
    })),
    ...[0, 1].map((i) => ({
      shapes: [rect(130, 108 - i * 14, 50, 12, C.amber, 6)],
      origin: [155, 114 - i * 14] as Vec,
      dy: [0, -4, 0],
      delay: 24 + i * 6,
    })),
    {
      shapes: [line([60, 60], [100, 40], C.green, 4), line([100, 40], [130, 52], C.green, 4), line([130, 52], [180, 24], C.green, 4)],
      origin: [120, 42],
      opacity: [100, 60, 100],
    },
  ],
  brainstorm: [
    ground(),
    { shapes: [circle(120, 70, 32, C.amber), rect(106, 98, 28, 22, C.ink, 5)], origin: [120, 80], scale: [100, 106, 100] },
    ...[0, 1, 2, 3, 4].map((i) => {
      const angle = Math.PI * (1 + i / 4);
      const from: Vec = [120 + Math.cos(angle) * 44, 70 + Math.sin(angle) * 44];
      const to: Vec = [120 + Math.cos(angle) * 58, 70 + Math.sin(angle) * 58];
      return { shapes: [line(from, to, C.amber, 4)], origin: [120, 70] as Vec, opacity: pulse(15), delay: i * 8 };
    }),
  ],
  ai: [
    {
      shapes: [
        line([60, 50], [120, 80], C.pale),
        line([60, 110], [120, 80], C.pale),
        line([120, 80], [180, 40], C.pale),
        line([120, 80], [180, 80], C.pale),
        line([120, 80], [180, 120], C.pale),
        line([60, 50], [60, 110], C.pale),
      ],
      origin: [120, 80],
    },
    ...(
      [
        [60, 50],
        [60, 110],
        [120, 80],
        [180, 40],
        [180, 80],
        [180, 120],
      ] as Vec[]
    ).map((at, i) => ({
      shapes: [circle(at[0], at[1], i === 2 ? 16 : 10, i === 2 ? C.blue : C.sky)],
      origin: at,
      scale: pulse(70),
      delay: i * 7,
    })),
  ],
};

// ---- Lottie output -------------------------------------------------------

function prop(track: Track | undefined, fallback: number, delay: number, map: (v: number) => number[] = (v) => [v]) {
  if (!track) return { a: 0, k: map(fallback).length === 1 ? map(fallback)[0] : map(fallback) };
  const step = FRAMES / (track.length - 1);
  return {
    a: 1,
    k: track.map((value, i) => ({
      t: Math.round(i * step + delay),
      s: map(value),
      i: { x: [0.45], y: [1] },
      o: { x: [0.55], y: [0] },
    })),
  };
}

function lottieShape(shape: Shape, origin: Vec) {
  const local = (p: Vec): Vec => [p[0] - origin[0], p[1] - origin[1]];
  if (shape.kind === 'line') {
    return {
      ty: 'gr',
      it: [
        {
          ty: 'sh',
          ks: {
            a: 0,
            k: {
              i: [
                [0, 0],
                [0, 0],
              ],
              o: [
                [0, 0],
                [0, 0],
              ],
              v: [local(shape.from), local(shape.to)],
              c: false,
            },
          },
        },
        { ty: 'st', c: { a: 0, k: [...rgb(shape.color), 1] }, o: { a: 0, k: 100 }, w: { a: 0, k: shape.width }, lc: 2, lj: 2 },
        { ty: 'tr', p: { a: 0, k: [0, 0] }, a: { a: 0, k: [0, 0] }, s: { a: 0, k: [100, 100] }, r: { a: 0, k: 0 }, o: { a: 0, k: 100 } },
      ],
    };
  }
  const geometry =
    shape.kind === 'rect'
      ? { ty: 'rc', d: 1, p: { a: 0, k: local(shape.at) }, s: { a: 0, k: shape.size }, r: { a: 0, k: shape.radius } }
      : { ty: 'el', d: 1, p: { a: 0, k: local(shape.at) }, s: { a: 0, k: [shape.r * 2, shape.r * 2] } };
  return {
    ty: 'gr',
    it: [
      geometry,
      { ty: 'fl', c: { a: 0, k: [...rgb(shape.color), 1] }, o: { a: 0, k: 100 }, r: 1 },
      { ty: 'tr', p: { a: 0, k: [0, 0] }, a: { a: 0, k: [0, 0] }, s: { a: 0, k: [100, 100] }, r: { a: 0, k: 0 }, o: { a: 0, k: 100 } },
    ],
  };
}

function lottie(name: string, layers: Layer[]) {
  return {
    v: '5.7.4',
    fr: 30,
    ip: 0,
    op: FRAMES,
    w: W,
    h: H,
    nm: name,
    ddd: 0,
    assets: [],
    layers: layers
      .map((layer, index) => {
        const delay = layer.delay ?? 0;
        const [ox, oy] = layer.origin;
        const position =
          layer.dx || layer.dy
            ? {
                a: 1,
                k: (layer.dy ?? layer.dx)!.map((_, i, all) => ({
                  t: Math.round((i * FRAMES) / (all.length - 1) + delay),
                  s: [ox + (layer.dx?.[i] ?? 0), oy + (layer.dy?.[i] ?? 0), 0],
                  i: { x: [0.45], y: [1] },
                  o: { x: [0.55], y: [0] },
                })),
              }
            : { a: 0, k: [ox, oy, 0] };
        const scaleTrack = layer.scale ?? layer.scaleY;
        return {
          ddd: 0,
          ind: index + 1,
          ty: 4,
          nm: `layer ${index + 1}`,
          sr: 1,
          ks: {
            o: prop(layer.opacity, 100, delay),
            r: prop(layer.rotate, 0, delay),
            p: position,
            a: { a: 0, k: [0, 0, 0] },
            s: prop(scaleTrack, 100, delay, (v) => (layer.scaleY ? [100, v, 100] : [v, v, 100])),
          },
          ao: 0,
          // Within a layer, too, Lottie draws the first shape on top, while the
          // still (SVG) paints in document order: reversed, the player draws
          // a card's stripe above the card, as the still does.
          shapes: layer.shapes.map((shape) => lottieShape(shape, layer.origin)).reverse(),
          ip: 0,
          op: FRAMES,
          st: 0,
          bm: 0,
        };
      })
      // Lottie draws the first layer on top.
      .reverse(),
  };
}

// ---- Still SVG (frame 0) -------------------------------------------------

function svgShape(shape: Shape): string {
  if (shape.kind === 'line') {
    return `<path d="M${shape.from.join(' ')}L${shape.to.join(' ')}" stroke="${shape.color}" stroke-width="${shape.width}" stroke-linecap="round"/>`;
  }
  if (shape.kind === 'circle') return `<circle cx="${shape.at[0]}" cy="${shape.at[1]}" r="${shape.r}" fill="${shape.color}"/>`;
  const [cx, cy] = shape.at;
  const [w, h] = shape.size;
  return `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${shape.radius}" fill="${shape.color}"/>`;
}

function still(layers: Layer[]): string {
  const body = layers
    .map((layer) => {
      const opacity = (layer.opacity?.[0] ?? 100) / 100;
      // The layer as the player draws it at frame 0: a card starts tilted.
      const rotate = layer.rotate?.[0] ?? 0;
      const attr =
        (opacity < 1 ? ` opacity="${opacity}"` : '') + (rotate ? ` transform="rotate(${rotate} ${layer.origin.join(' ')})"` : '');
      return `<g${attr}>${layer.shapes.map(svgShape).join('')}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${body}</svg>\n`;
}

const outDir = join(root, 'public', 'animations');
mkdirSync(outDir, { recursive: true });
for (const name of animationNames) {
  writeFileSync(join(outDir, `${name}.json`), JSON.stringify(lottie(name, designs[name])));
  writeFileSync(join(outDir, `${name}.svg`), still(designs[name]));
}
console.log(`wrote ${animationNames.length} animations and stills to ${outDir}`);
