// How the search index reads a rendered page: an entry for the page (its
// title and description), then one per section of <main> that starts at an
// <h2> with an id, its text as a visitor reads it. (test/http/search.test.ts
// searches the index of the real pages; test/http/content.test.ts checks that
// it follows the live configuration.)
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes.js';
import { searchIndexOf } from '../../server/search-index.js';

const route = (id: string): RouteDef => routes.find((candidate) => candidate.id === id)!;
const about = route('about');
const terms = route('terms');

const page = (main: string) =>
  `<!DOCTYPE html><html><head><title>T</title><style>h2{color:red}</style></head><body>` +
  `<header><h2 id="menu">Menu</h2></header><main id="main">${main}</main><footer><h2 id="foot">Footer</h2></footer></body></html>`;

describe('the search index of a rendered page', () => {
  it('lists the page, then each section of its main content, linked by the heading’s id', () => {
    const html = page(
      '<p>Before any section.</p><h2 class="title" id="team">Our team</h2><p>People.</p><h2 id="values">Values</h2><p>Care.</p>',
    );
    expect(searchIndexOf([{ route: about, html }])).toEqual([
      { title: about.meta.title, path: '/about', page: about.meta.title, text: about.meta.description },
      { title: 'Our team', path: '/about#team', page: about.meta.title, text: 'People.' },
      { title: 'Values', path: '/about#values', page: about.meta.title, text: 'Care.' },
    ]);
  });

  it('reads text as a visitor does: no markup, no script, style or drawing, entities decoded, spaces collapsed', () => {
    const html = page(
      '<h2 id="plans">Plans &amp; <em>prices</em></h2>\n' +
        '<p>We&#x27;re &quot;fast&quot;,\n\n   &lt;really&gt;.</p><script>var hidden = 1;</script>' +
        '<style>.x{}</style><svg viewBox="0 0 1 1"><text>drawn</text></svg><p>Tom&#39;s   end </p>',
    );
    expect(searchIndexOf([{ route: about, html }])[1]).toEqual({
      title: 'Plans & prices',
      path: '/about#plans',
      page: about.meta.title,
      text: 'We\'re "fast", <really>. Tom\'s end',
    });
  });

  it('lists a section shared by several pages once, on the first; a heading without an id is part of its section', () => {
    const shared = '<h2 id="contact">Talk to us</h2><p>Write.</p>';
    const entries = searchIndexOf([
      { route: about, html: page(`<h2 id="team">Team</h2><h2>Aside</h2><p>More.</p>${shared}`) },
      { route: terms, html: page(shared) },
    ]);
    expect(entries.map((entry) => entry.path)).toEqual(['/about', '/about#team', '/about#contact', '/terms']);
    expect(entries[1]!.text).toBe('Aside More.');
  });

  it('marks a legal page and its clauses, so that they rank below the pages that sell', () => {
    const entries = searchIndexOf([
      { route: about, html: page('<h2 id="team">Team</h2>') },
      { route: terms, html: page('<h2 id="refunds">Refunds</h2>') },
    ]);
    expect(entries.map((entry) => entry.legal)).toEqual([undefined, undefined, true, true]);
  });

  it('reads nothing outside <main>, and a page without one gives its own entry alone', () => {
    expect(searchIndexOf([{ route: about, html: '<body><h2 id="x">Loose</h2></body>' }])).toEqual([
      { title: about.meta.title, path: '/about', page: about.meta.title, text: about.meta.description },
    ]);
  });
});
