// The illustrations as a visitor sees them move: every frame of each loop,
// drawn by the site's own Lottie player from the served data, keeps every
// shape of the still (a card keeps its stripe, a badge its check mark), and
// the pause button covers nothing the illustration draws, at any width.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationNames, animationSize, type AnimationName } from '../../shared/content/animations.js';
import { distDir } from '../support/app.js';
import { openPage, openSiteInBrowser, waitForHydration } from '../support/browser.js';

const site = openSiteInBrowser();

const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as {
  animations: Record<AnimationName, { still: string; data: string }>;
};
const player = `/assets/lazy/${readdirSync(join(distDir, 'public', 'assets', 'lazy')).find((file) => /^lottie-player-\w+\.js$/.test(file))}`;

/** Every fourth frame of the 120-frame loop, and its last frame. */
const FRAMES = [...Array.from({ length: 30 }, (_, i) => i * 4), 119];

interface Drawing {
  /** Each shape of the still, in paint order: its colour and how many pixels of it show. */
  still: { color: string; shown: number }[];
  /** The same for each sampled frame the player draws. */
  frames: { frame: number; shapes: { color: string; shown: number }[] }[];
  /** Pixels painted in the still or any sampled frame, row after row (1 painted, 0 not), at the drawing's own size. */
  painted: number[];
}

/**
 * In the browser: the still and the player's frames drawn on a canvas, each
 * shape measured by drawing the picture again without it and counting the
 * pixels that change (none: something covers it entirely).
 */
async function measure(name: AnimationName): Promise<Drawing> {
  const { context, page } = await openPage(site.browser, site.server.url);
  // A page of the site's origin without the site's Content-Security-Policy, which
  // rightly allows no data: images; the player and the data are the served ones.
  await page.route('**/__drawing', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>drawing</title><script type="module">import lottie from '${player}'; window.lottie = lottie;</script>`,
    }),
  );
  await page.goto('/__drawing');
  await page.waitForFunction(() => 'lottie' in window);
  const drawing = await page.evaluate(
    async ({ urls, size, frames }) => {
      const { width, height } = size;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const pixels = async (svg: SVGSVGElement) => {
        const copy = svg.cloneNode(true) as SVGSVGElement;
        copy.setAttribute('width', String(width));
        copy.setAttribute('height', String(height));
        copy.removeAttribute('style');
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
        await image.decode();
        context.clearRect(0, 0, width, height);
        context.drawImage(image, 0, 0, width, height);
        return context.getImageData(0, 0, width, height).data;
      };
      const painted = new Array<number>(width * height).fill(0);
      const shapesOf = async (svg: SVGSVGElement, elements: SVGElement[]) => {
        const whole = await pixels(svg);
        for (let i = 0; i < painted.length; i++) if (whole[i * 4 + 3]! > 0) painted[i] = 1;
        const shapes = [];
        for (const element of elements) {
          const visibility = element.getAttribute('visibility');
          element.setAttribute('visibility', 'hidden');
          const without = await pixels(svg);
          if (visibility === null) element.removeAttribute('visibility');
          else element.setAttribute('visibility', visibility);
          let shown = 0;
          for (let i = 0; i < whole.length; i += 4) {
            if ([0, 1, 2, 3].some((c) => Math.abs(whole[i + c]! - without[i + c]!) > 2)) shown++;
          }
          const fill = element.getAttribute('fill');
          const stroked = element.getAttribute('stroke') && (!fill || fill === 'none' || element.getAttribute('fill-opacity') === '0');
          const paint = stroked ? 'stroke' : 'fill';
          const probe = document.createElement('span');
          probe.style.color = element.getAttribute(paint) ?? '';
          document.body.append(probe);
          shapes.push({ color: getComputedStyle(probe).color, shown });
          probe.remove();
        }
        return shapes;
      };

      const host = document.createElement('div');
      host.style.cssText = `width:${width}px;height:${height}px`;
      document.body.append(host);
      const stillText = await (await fetch(urls.still)).text();
      host.innerHTML = stillText;
      const stillSvg = host.querySelector('svg')!;
      const still = await shapesOf(stillSvg, [...stillSvg.querySelectorAll<SVGElement>('rect, circle, path')]);
      host.replaceChildren();

      const { lottie } = window as unknown as { lottie: typeof import('lottie-web').default };
      const animationData = (await (await fetch(urls.data)).json()) as object;
      const animation = lottie.loadAnimation({ container: host, renderer: 'svg', loop: true, autoplay: false, animationData });
      const svg = host.querySelector('svg')!;
      const drawn = [...svg.querySelectorAll<SVGElement>('path')].filter((element) => !element.closest('defs'));
      const sampled = [];
      for (const frame of frames) {
        animation.goToAndStop(frame, true);
        sampled.push({ frame, shapes: await shapesOf(svg, drawn) });
      }
      animation.destroy();
      return { still, frames: sampled, painted };
    },
    { urls: manifest.animations[name], size: animationSize, frames: FRAMES },
  );
  await context.close();
  return drawing;
}

const channels = (color: string) => (color.match(/\d+/g) ?? []).map(Number);

const drawings = {} as Record<AnimationName, Drawing>;
beforeAll(async () => {
  for (const name of animationNames) drawings[name] = await measure(name);
}, 120_000);

describe.each(animationNames)('the %s illustration', (name) => {
  it('draws, in every sampled frame of its loop, each shape of its still in the same order and colour, none hidden', () => {
    const { still, frames } = drawings[name];
    expect(still.length).toBeGreaterThan(1);
    for (const shape of still) expect(shape.shown).toBeGreaterThan(0);
    for (const { frame, shapes } of frames) {
      // The same shapes in the same paint order: each the still's colour (give or take the rounding of the player's colours).
      expect(shapes.length, `frame ${frame}`).toBe(still.length);
      const recoloured = shapes.flatMap((shape, i) =>
        channels(shape.color).some((value, c) => Math.abs(value - channels(still[i]!.color)[c]!) > 2)
          ? [`shape ${i + 1}: ${shape.color}, in the still ${still[i]!.color}`]
          : [],
      );
      expect(recoloured, `frame ${frame}`).toEqual([]);
      // Motion may shrink a shape (bars grow and fall, dots pulse to 70%) or
      // cover a little of it, never take most of it away.
      const lost = shapes.flatMap((shape, i) =>
        shape.shown < still[i]!.shown / 4 ? [`shape ${i + 1} (${shape.color}): ${shape.shown} of ${still[i]!.shown} pixels`] : [],
      );
      expect(lost, `frame ${frame}`).toEqual([]);
    }
  });
});

/** The pages with illustrations, and the widths where their layout changes: one, then three in a row, in a split with text. */
const pages = ['/services/shared-hosting', '/about', '/services/custom-development'];
const widths = [320, 375, 412, 576, 700, 768, 992, 1280, 1920];

describe('the pause button', () => {
  it.each(widths)('covers nothing the illustration draws, in any frame, nor any text, at %i px', async (width) => {
    const { context, page } = await openPage(site.browser, site.server.url, { width, height: 900 });
    const problems: string[] = [];
    let checked = 0;
    for (const path of pages) {
      await page.goto(path);
      await waitForHydration(page);
      // The buttons come with the first render after hydration (the server cannot know the visitor's motion setting).
      await page.waitForFunction(() => [...document.querySelectorAll('.animation')].every((figure) => figure.querySelector('button')));
      const figures = await page.locator('.animation').evaluateAll((all) =>
        all
          .filter((figure) => figure.checkVisibility())
          .map((figure) => {
            const button = figure.querySelector('.animation-toggle');
            const box = button?.getBoundingClientRect();
            // Text on the page the button would hide: any element with text of its own.
            const hides = [...document.querySelectorAll('main *')]
              .filter((element) => element !== button && !element.contains(button ?? null) && !button?.contains(element))
              .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()))
              .filter((element) => {
                const them = element.getBoundingClientRect();
                return (
                  box && them.width > 0 && them.left < box.right && them.right > box.left && them.top < box.bottom && them.bottom > box.top
                );
              })
              .map((element) => element.textContent.trim().slice(0, 40));
            return {
              still: figure.querySelector('img')!.getAttribute('src')!,
              picture: figure.querySelector('img')!.getBoundingClientRect().toJSON() as DOMRect,
              button: box?.toJSON() as DOMRect | undefined,
              hides,
            };
          }),
      );
      for (const { still, picture, button, hides } of figures) {
        const name = animationNames.find((candidate) => manifest.animations[candidate].still === still)!;
        if (!button) {
          problems.push(`${path}: ${name} has no pause button`);
          continue;
        }
        checked++;
        // The button's box in the drawing's own pixels, kept to the drawing.
        const scale = animationSize.width / picture.width;
        const left = Math.max(0, Math.floor((button.left - picture.left) * scale));
        const right = Math.min(animationSize.width, Math.ceil((button.right - picture.left) * scale));
        const top = Math.max(0, Math.floor((button.top - picture.top) * scale));
        const bottom = Math.min(animationSize.height, Math.ceil((button.bottom - picture.top) * scale));
        let covered = 0;
        for (let y = top; y < bottom; y++)
          for (let x = left; x < right; x++) covered += drawings[name].painted[y * animationSize.width + x]!;
        if (covered > 0) problems.push(`${path}: the button covers ${covered} painted pixels of ${name}`);
        if (hides.length > 0) problems.push(`${path}: the button of ${name} covers text: ${hides.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
