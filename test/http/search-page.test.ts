// The search page as clients meet it: every query gets a page (never a 5xx),
// and the long one says it was cut. (A burst larger than the render line:
// search-burst.test.ts.)
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { visibleText } from '../support/html.js';

const app = testApp();

describe('the search page', () => {
  it.each([
    ['no query', '/search', 'Popular pages'],
    ['an empty query', '/search?q=', 'Popular pages'],
    ['a query of spaces and control characters', '/search?q=%20%00%07%1b%20', 'Popular pages'],
    ['a query in a script the site does not use', `/search?q=${encodeURIComponent('ноутбук 東京')}`, 'Nothing on the site matches'],
    ['the parameter twice', '/search?q=refund&q=pizza', 'results for “refund”'],
    ['the parameter as an object', '/search?q[a]=refund', 'Popular pages'],
    ['malformed percent-encoding', '/search?q=%E0%A4%ZZ', 'Nothing on the site matches'],
  ])('answers %s with a page', async (_, path, shown) => {
    const res = await request(app).get(path).expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(visibleText(res.text)).toContain(shown);
  });

  it('searches the first 100 characters of a long query, and says so', async () => {
    const res = await request(app)
      .get(`/search?q=refund${'%20refund'.repeat(60)}`)
      .expect(200);
    expect(visibleText(res.text)).toContain('only its first 100 characters were searched');
    expect(visibleText(res.text)).toContain('Can I get my money back?');
  });
});
