// Size budgets as a test: it fails, printing the sizes, when the JavaScript a
// page loads, the stylesheet or a page's compressed HTML grows past its budget.
import request from 'supertest';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets, cssGzipBytes, loadJavaScript } from '../../scripts/budgets.js';
import { readManifest } from '../../server/manifest.js';
import { routes } from '../../shared/routes.js';
import { distDir, testApp } from '../support/app.js';

const manifest = readManifest(distDir);
const publicDir = join(distDir, 'public');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('size budgets', () => {
  it(`every page loads at most ${kb(budgets.loadJsGzip)} of JavaScript (gzip)`, () => {
    // Every page loads the same entry; page-specific code (the Lottie player,
    // the search index) comes later, by dynamic import or fetch.
    const { files, gzipBytes } = loadJavaScript(publicDir, manifest.script);
    console.info(`load-time JavaScript: ${kb(gzipBytes)} gzip in ${files.length} files`);
    expect(files.some((file) => file.includes('lottie'))).toBe(false);
    expect(gzipBytes).toBeLessThanOrEqual(budgets.loadJsGzip);
  });

  it(`the stylesheet is at most ${kb(budgets.cssGzip)} (gzip)`, () => {
    const bytes = cssGzipBytes(publicDir, manifest.stylesheet);
    console.info(`stylesheet: ${kb(bytes)} gzip`);
    expect(bytes).toBeLessThanOrEqual(budgets.cssGzip);
  });

  it(`every page's HTML is at most ${kb(budgets.htmlCompressed)} compressed`, async () => {
    const app = testApp();
    const sizes: Record<string, number> = {};
    for (const route of routes) {
      const path = route.status === 404 ? '/no-such-page' : route.path;
      const res = await request(app).get(path).set('Accept-Encoding', 'br');
      sizes[path] = Number(res.headers['content-length']);
    }
    console.info(
      `HTML, Brotli: ${Object.entries(sizes)
        .map(([p, b]) => `${p} ${kb(b)}`)
        .join(', ')}`,
    );
    for (const bytes of Object.values(sizes)) expect(bytes).toBeLessThanOrEqual(budgets.htmlCompressed);
  });
});
