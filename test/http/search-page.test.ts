// The search page as clients meet it: every query gets a page (never a 5xx),
// and the long one says it was cut; when every render slot is taken, a 503 at
// once, except for a repeated query, whose results are kept. (A burst larger
// than the real slots: search-burst.test.ts.)
import { createServer } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type PreparedSite } from '../../server/prepared-site.js';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { searchPage } from '../../server/search-page.js';
import { distDir, testApp, testConfig } from '../support/app.js';
import { hrefs, titles, visibleText } from '../support/html.js';
import { holdsWords } from '../support/copy.js';
import { sectionOf } from '../../shared/content/markdown.js';
import searchCopy from '../../shared/pages/search/search.page.md';
import faq from '../../shared/pages/shared-hosting/questions.faq.md';
import { fill } from '../../shared/content/labels.js';
import { labels } from '../support/labels.js';
import { listenOnLoopback } from '../support/loopback.js';

const app = testApp();
/** What the page shows before a search or for one without words, and for one that finds nothing. */
const popular = sectionOf(searchCopy, 'starting-points').title;
const nothing = sectionOf(searchCopy, 'no-results').title;
/** The FAQ's refund question, which a search for "refund" finds. */
const refundQuestion = faq.questions.find((question) => question.id === 'faq-refund')!.title;

describe('the search page', () => {
  it.each([
    ['no query', '/search', popular],
    ['an empty query', '/search?q=', popular],
    ['a query of spaces and control characters', '/search?q=%20%00%07%1b%20', popular],
    ['a query in a script the site does not use', `/search?q=${encodeURIComponent('ноутбук 東京')}`, nothing],
    ['the parameter twice', '/search?q=refund&q=pizza', refundQuestion],
    ['the parameter as an object', '/search?q[a]=refund', popular],
    ['malformed percent-encoding', '/search?q=%E0%A4%ZZ', nothing],
  ])('answers %s with a page', async (_, path, shown) => {
    const res = await request(app).get(path).expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    // Made from the query: for this visitor's browser only, never for a CDN that may key pages without their query.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(visibleText(res.text)).toContain(shown);
  });

  it('keeps the stronger robots header a staging site sends on every answer (SITE_INDEXING=false)', async () => {
    const res = await request(testApp({ SITE_INDEXING: 'false' }))
      .get('/search?q=refund')
      .expect(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('searches the first 100 characters of a long query, and says so', async () => {
    const res = await request(app)
      .get(`/search?q=refund${'%20refund'.repeat(60)}`)
      .expect(200);
    expect(visibleText(res.text)).toContain(fill(labels.searchPage.shortened, { count: 100 }));
    expect(visibleText(res.text)).toContain(refundQuestion);
  });
});

describe('the search page and its render slots', () => {
  let answers: PreparedSite;
  beforeAll(async () => {
    answers = await prepareSite(testConfig(), readManifest(distDir), join(distDir, 'public'));
  });

  /** The search page alone, over a loopback port, with render slots the test opens or takes. */
  async function searchWith(slotsOpen: () => boolean) {
    const rendered = vi.fn();
    const shed = vi.fn();
    const slots = { take: () => (slotsOpen() ? () => undefined : undefined) };
    const server = createServer(express().use(searchPage(answers.searchIndex, answers.render, { onRendered: rendered, shed, slots })));
    return { server, port: await listenOnLoopback(server), rendered, shed };
  }

  it('answers 503 with Retry-After at once, kept by no cache, when every slot is taken, and tells the shed count', async () => {
    const { server, port, rendered, shed } = await searchWith(() => false);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/search?q=refund`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const busy = await res.text();
      const { title, tryAgain, contact } = labels.searchBusy;
      expect(titles(busy)).toEqual([title]);
      expect(holdsWords(visibleText(busy), fill(tryAgain, { link: contact })), tryAgain).toBe(true);
      expect(hrefs(busy)).toEqual(['/contact']);
      expect(shed).toHaveBeenCalledTimes(1);
      expect(rendered).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });

  it('renders a repeated query, its results kept, without waiting for a slot; a new one still needs one', async () => {
    let open = true;
    const { server, port, shed } = await searchWith(() => open);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/search?q=refund`)).status).toBe(200);
      open = false;
      const repeated = await fetch(`http://127.0.0.1:${port}/search?q=refund`);
      expect(repeated.status).toBe(200);
      expect(visibleText(await repeated.text())).toContain('Can I get my money back?');
      expect((await fetch(`http://127.0.0.1:${port}/search?q=backups`)).status).toBe(503);
      expect(shed).toHaveBeenCalledTimes(1);
    } finally {
      server.close();
    }
  });
});
