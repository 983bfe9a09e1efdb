// How the search index reads a rendered page: an entry for the page, then one
// per section of <main> that starts at an <h2> with an id, per card (<h3>) of a
// section and per question of a FAQ, with only the text a visitor sees; then
// the portal's tasks. (test/http/search.test.ts searches the index of the
// real pages; test/browser/search.test.ts compares it with what Chromium shows.)
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes.js';
import type { SearchEntry } from '../../shared/search.js';
import { descriptionOf } from '../../shared/meta.js';
import { searchIndexOf } from '../../server/search-index.js';
import { testConfig } from '../support/app.js';
import { labels } from '../support/labels.js';

const route = (id: string): RouteDef => routes.find((candidate) => candidate.id === id)!;
const about = route('about');
const terms = route('terms');
const contact = route('contact');
const site = testConfig().site;

const page = (main: string) =>
  `<!DOCTYPE html><html><head><title>T</title><style>h2{color:red}</style></head><body>` +
  `<header><h2 id="menu">Menu</h2></header><main id="main">${main}</main><footer><h2 id="foot">Footer</h2></footer></body></html>`;

/** The index's entries for the site's own pages (the portal's tasks come after them), without the real pages' section keywords. */
const onSite = (pages: { route: RouteDef; html: string }[]): SearchEntry[] =>
  searchIndexOf(pages, site, {}).filter((entry) => entry.kind !== 'external');

describe('the search index of a rendered page', () => {
  it('lists the page under its menu name, then each section of its main content, linked by the heading’s id', () => {
    const html = page(
      '<h1>About Us</h1><nav><a href="/">Home</a></nav><p>Before any section: a paragraph long enough to stand for the whole page on its own.</p>' +
        '<h2 class="title" id="team">Our team</h2><p>People.</p><h2 id="values">Values</h2><p>Care.</p>',
    );
    const [pageEntry, ...sections] = onSite([{ route: about, html }]);
    expect(pageEntry).toMatchObject({
      title: 'About',
      path: '/about',
      page: 'About',
      text: 'Before any section: a paragraph long enough to stand for the whole page on its own.',
    });
    expect(pageEntry!.about).toContain(descriptionOf(about.meta, site));
    expect(sections).toEqual([
      { title: 'Our team', path: '/about#team', page: 'About', text: 'People.' },
      { title: 'Values', path: '/about#values', page: 'About', text: 'Care.' },
    ]);
  });

  it('reads text as a visitor does: no markup, no script, style or drawing, entities decoded, spaces collapsed', () => {
    const html = page(
      '<h2 id="plans">Plans &amp; <em>prices</em></h2>\n' +
        '<p>We&#x27;re &quot;fast&quot;,\n\n   &lt;really&gt;.</p><script>var hidden = 1;</script>' +
        '<style>.x{}</style><svg viewBox="0 0 1 1"><text>drawn</text></svg><p>Tom&#39;s <strong>e</strong>nd </p>',
    );
    expect(onSite([{ route: about, html }])[1]).toEqual({
      title: 'Plans & prices',
      path: '/about#plans',
      page: 'About',
      text: 'We\'re "fast", <really>. Tom\'s end',
    });
  });

  it('leaves out what a sighted visitor does not see: hidden, aria-hidden, screen-reader-only and data-nosnippet text, and form fields', () => {
    const html = page(
      '<h2 id="news">News</h2><p>Shown.</p><a hidden="">Learn More about <!-- -->News</a>' +
        '<div class="honeypot" aria-hidden="true"><label>Leave this field empty</label><div><p>nested</p></div></div>' +
        '<span class="visually-hidden">(opens in a new tab)</span><p data-nosnippet="">$120 a year</p>' +
        '<form><label>Email address</label><input name="EMAIL"/><button>Subscribe</button></form><p>End.</p>',
    );
    expect(onSite([{ route: about, html }])[1]!.text).toBe('Shown. End.');
  });

  it('reads any valid markup as a browser does, not only as React writes it', () => {
    const html = page(
      '<H2 ID=tricky>Don&#8217;t&nbsp;miss</H2><P>Shown<SPAN CLASS=visually-hidden>unseen</SPAN> text.</P>' +
        '<p title="a > b">After the arrow</p><div aria-hidden=true>decoration</div><p data-nosnippet>$120 a year</p>' +
        '<!-- <b hidden=""> is only a comment --><p>Still <b>read</b>.</p><p>End&nbsp;&amp;&#8217;s.</p>',
    );
    expect(onSite([{ route: about, html }])[1]).toEqual({
      title: 'Don’t miss',
      path: '/about#tricky',
      page: 'About',
      text: 'Shown text. After the arrow Still read. End &’s.',
    });
  });

  it('leaves out all of a hidden element, however deeply the same tag nests inside it', () => {
    const html = page('<h2 id="news">News</h2><div>a<div hidden=""><div><div>b</div></div>c</div>d</div>');
    expect(onSite([{ route: about, html }])[1]!.text).toBe('ad');
  });

  it('lists each question of a FAQ at its own address, and each card of a section at the section’s', () => {
    const html = page(
      '<h2 id="faq">Questions</h2><details id="faq-refund"><summary>Is a refund possible?</summary><p>Yes, within 30 days.</p></details>' +
        '<h2 id="features">Included</h2><p>Every plan.</p><h3>Backups</h3><p>Three a day.</p><h3>SSL</h3><p>Free.</p>',
    );
    expect(onSite([{ route: about, html }]).slice(1)).toEqual([
      { title: 'Questions', path: '/about#faq', page: 'About', text: '' },
      { title: 'Is a refund possible?', path: '/about#faq-refund', page: 'About', text: 'Yes, within 30 days.', answers: true },
      { title: 'Included', path: '/about#features', page: 'About', text: 'Every plan. Backups Three a day. SSL Free.' },
      { title: 'Backups', path: '/about#features', page: 'About', text: 'Three a day.', card: true },
      { title: 'SSL', path: '/about#features', page: 'About', text: 'Free.', card: true },
    ]);
  });

  it('lists a section shared by several pages once: on the page it opens, else on the first', () => {
    const shared = '<h2 id="contact-us">Talk to us</h2><p>Write.</p>';
    const cta = '<h2 id="cta">Move to us</h2><p>Free.</p>';
    const entries = onSite([
      { route: about, html: page(`<h2 id="team">Team</h2><p>More.</p>${shared}${cta}`) },
      { route: contact, html: page(`${shared}<h2 id="newsletter">Newsletter</h2>${cta}`) },
    ]);
    expect(entries.map((entry) => entry.path)).toEqual([
      '/about',
      '/about#team',
      '/about#cta',
      '/contact',
      '/contact#contact-us',
      '/contact#newsletter',
    ]);
  });

  it('lists a legal clause by its own title, without its number, marked legal so that it ranks below the pages that sell', () => {
    const entries = onSite([
      { route: about, html: page('<h2 id="team">Team</h2>') },
      { route: terms, html: page('<h2 id="refunds">3<!-- -->. <!-- -->Refunds</h2><p>Within 30 days.</p>') },
    ]);
    expect(entries.map((entry) => [entry.title, entry.kind])).toEqual([
      ['About', undefined],
      ['Team', undefined],
      ['Terms & Conditions', 'legal'],
      ['Refunds', 'legal'],
    ]);
  });

  it('adds a section’s search keywords, and refuses keywords for a section no page has', () => {
    const html = page('<h2 id="pricing">Choose your plan</h2><p>$12/month</p>');
    expect(searchIndexOf([{ route: about, html }], site, { '/about#pricing': ['how much'] })[1]?.keywords).toBe('how much');
    expect(() => searchIndexOf([{ route: about, html }], site, { '/about#prices': ['how much'] })).toThrow(/\/about#prices/);
  });

  it('ends with the tasks done in the client portal, at the configured addresses, marked as leaving the site', () => {
    const tasks = searchIndexOf([], site, {}).filter((entry) => entry.kind === 'external');
    expect(tasks.find((task) => task.destination === 'clientLogin')).toMatchObject({
      title: labels.clientLogin.title,
      path: `${site.clientPortalUrl}/clientarea.php`,
    });
    expect(tasks.map((task) => task.destination)).not.toContain('liveChat');
    const withChat = searchIndexOf([], { ...site, liveChatUrl: 'https://chat.example.com/' }, {});
    expect(withChat.find((task) => task.destination === 'liveChat')?.path).toBe('https://chat.example.com/');
  });
});
