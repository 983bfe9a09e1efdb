// The streamed render (server/render.tsx) settles once, with the outcome of
// the whole document: a failure after the shell was sent still fails the
// render, so that neither the start-up nor the page cache takes half a page
// for a whole one. (Every route's rendered content: pages.test.ts.)
import { join } from 'node:path';
import express from 'express';
import { createElement as h, lazy, Suspense } from 'react';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { renderToBuffer, streamDocument, type RenderOptions } from '../../server/render.js';
import { routes } from '../../shared/routes.js';
import { distDir, testConfig } from '../support/app.js';

const about = routes.find((route) => route.path === '/about')!;

describe('renderToBuffer', () => {
  let render: RenderOptions;
  beforeAll(async () => {
    ({ render } = await prepareSite(testConfig(), readManifest(distDir), join(distDir, 'public')));
  });

  it('renders a whole document', async () => {
    const html = (await renderToBuffer(about, render)).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('</html>');
  });

  it('fails when a part of the page fails after the shell, and not only when the shell does', async () => {
    const Late = lazy(() => Promise.reject(new Error('a part failed after the shell')));
    const page = () => h('main', null, h('h1', null, 'Shell'), h(Suspense, { fallback: h('p', null, 'Loading') }, h(Late)));
    const failing = { ...about, page: () => Promise.resolve({ default: page }) };
    await expect(renderToBuffer(failing, render)).rejects.toThrow('a part failed after the shell');
  });

  it('fails before the shell with an error that names the page and carries what was thrown, and frees the render line', async () => {
    const page = () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless component may throw
      throw 'not an Error';
    };
    const failing = { ...about, page: () => Promise.resolve({ default: page }) };
    const onShellDone = vi.fn();
    let failure: unknown;
    const app = express().get('/about', (req, res, next) => {
      streamDocument(req, res, failing, render, { onShellDone }).catch((error: unknown) => {
        failure = error;
        next(error);
      });
    });
    await request(app).get('/about').expect(500);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Rendering /about failed');
    // What was thrown stays with it, as its cause, for whoever logs it.
    expect((failure as Error).cause).toBe('not an Error');
    expect(onShellDone).toHaveBeenCalled();
  });
});
