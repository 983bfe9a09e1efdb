// The search page remembers the results of recent queries: a query asked again
// (a popular one, a visitor reloading, a link shared) is rendered from them
// without searching the index again. The index's search is wrapped here to
// count the searches made; what the page shows is the same either way.
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { searchPage } from '../../server/search-page.js';
import { distDir, testConfig } from '../support/app.js';
import { visibleText } from '../support/html.js';

const searched = vi.hoisted(() => [] as string[]);
vi.mock('../../shared/search.js', async (original) => {
  const actual = await original<typeof import('../../shared/search.js')>();
  return {
    ...actual,
    searchOver: (...args: Parameters<typeof actual.searchOver>) => {
      const search = actual.searchOver(...args);
      return (query: string) => {
        searched.push(query);
        return search(query);
      };
    },
  };
});

describe('the search page’s recent results', () => {
  it('searches a query once however often it is asked, and shows the same results each time', async () => {
    const answers = await prepareSite(testConfig(), readManifest(distDir), join(distDir, 'public'));
    const app = express().use(searchPage(answers.searchIndex, answers.render));
    const first = await request(app).get('/search?q=refund').expect(200);
    const again = await request(app).get('/search?q=refund').expect(200);
    await request(app).get('/search?q=backups').expect(200);
    await request(app).get('/search?q=refund').expect(200);
    expect(searched).toEqual(['refund', 'backups']);
    expect(visibleText(again.text)).toBe(visibleText(first.text));
    expect(visibleText(first.text)).toContain('Can I get my money back?');
  });
});
