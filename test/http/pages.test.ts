// Every route answers with its status, its own head tags and its content in the
// server-rendered HTML: what search engines, link previews and visitors without
// JavaScript receive. Both render paths (page cache on and off) must agree.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { formatLegalDate } from '../../shared/content/business.js';
import { linksOf, runsText, sectionOf, type MarkdownLink, type TextRun } from '../../shared/content/markdown.js';
import siteWide from '../../shared/content/site-wide.shared.md';
import home from '../../shared/pages/home/home.page.md';
import notFound from '../../shared/pages/not-found/not-found.page.md';
import { testApp, testConfig } from '../support/app.js';
import acceptableUse from '../../shared/pages/aup/aup.legal.md';
import privacy from '../../shared/pages/privacy/privacy.legal.md';
import terms from '../../shared/pages/terms/terms.legal.md';
import { descriptionOf } from '../../shared/meta.js';
import { canonicalPathOf, routeById, routes } from '../../shared/routes.js';
import { clientOf, shippedConfigurations } from '../support/configurations.js';
import { attr, canonical, meta, titles, visibleText } from '../support/html.js';
import { holdsWords, markdownPieces } from '../support/copy.js';
import { fill } from '../../shared/content/labels.js';
import { labels } from '../support/labels.js';

// Pages with content of their own; the search page's head is tested on its own, below.
const pages = routes.filter((route) => route.status === 200 && !route.perRequest);
const brand = 'Example Hosting';

describe.each(shippedConfigurations)('pages, $name', (configuration) => {
  const { get, head } = clientOf(testApp(configuration.env), configuration);
  const site = configuration.siteUrl;
  const siteConfig = testConfig(configuration.env).site;

  it.each(pages.map((route) => [route.path, route] as const))('%s answers 200 with its own head tags', async (path, route) => {
    const res = await get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(titles(html)).toEqual([`${route.meta.title} | ${brand}`]);
    expect(meta(html, 'description')).toBe(descriptionOf(route.meta, siteConfig));
    expect(meta(html, 'keywords')).toBe(route.meta.keywords.join(', '));
    const url = `${site}${canonicalPathOf(route)}`;
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:title')).toBe(`${route.meta.title} | ${brand}`);
    expect(meta(html, 'og:description')).toBe(descriptionOf(route.meta, siteConfig));
    expect(meta(html, 'og:type')).toBe(route.meta.section ? 'article' : 'website');
    expect(meta(html, 'og:site_name')).toBe(brand);
    expect(meta(html, 'og:image')).toBe(`${site}/og-image.png`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('/search names the query in its title and asks not to be indexed, with no canonical address', async () => {
    const html = (await get('/search?q=refund%20policy').expect(200)).text;
    expect(titles(html)).toEqual([`${fill(labels.searchPage.title, { query: 'refund policy' })} | ${brand}`]);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(canonical(html)).toBeUndefined();
    expect(meta(html, 'og:url')).toBeUndefined();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it.each([
    ['/terms', terms.updated],
    ['/privacy', privacy.updated],
    ['/aup', acceptableUse.updated],
  ])('%s is an article of the Legal section, modified on the date its Markdown file gives', async (path, updated) => {
    const html = (await get(path).expect(200)).text;
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:section')).toBe(labels.legal.section);
    expect(meta(html, 'article:modified_time')).toBe(updated);
    expect(visibleText(html)).toContain(`${labels.legal.updated} ${formatLegalDate(updated)}`);
  });

  it('names the Terms the same way in its title, heading, breadcrumb and the footer', async () => {
    const home = visibleText((await get('/').expect(200)).text);
    const page = (await get('/terms').expect(200)).text;
    const route = routeById('terms');
    expect(titles(page)[0]!.replaceAll('&amp;', '&').split(' | ')[0]).toBe(route.meta.title);
    // The heading, then the breadcrumb's trail, which ends with the page's own name.
    expect(route.breadcrumb!.at(-1)!.label).toBe(route.meta.title);
    expect(visibleText(page)).toContain(`${route.meta.title} ${route.breadcrumb!.map((crumb) => crumb.label).join(' ')}`);
    expect(home).toContain(route.meta.title);
  });

  // The services under Services (the overview is "Our Services" in its banner, "All Services" in the menu).
  const services = routes.filter((route) => route.menu === 'services' && route.breadcrumb?.length === 3);
  it.each(services.map((route) => [route.path, route.label] as const))(
    '%s names the service in its banner heading as the menu and breadcrumb do',
    async (path, label) => {
      const html = (await get(path).expect(200)).text;
      const heading = visibleText(/<h1[\s>][\s\S]*?<\/h1>/.exec(html)?.[0] ?? '');
      expect(heading).toContain(label);
      expect(visibleText(html)).toContain(`Home Services ${label}`);
    },
  );

  it("serves the old hosting address with the shared hosting page's very bytes, indexed under the new one", async () => {
    const alias = (await get('/services/hosting').expect(200)).text;
    expect(canonical(alias)).toBe(`${site}/services/shared-hosting`);
    // The browser tests visit the page once, at its own address (test/support/pages.ts).
    expect(alias).toBe((await get('/services/shared-hosting').expect(200)).text);
  });

  it.each(['/nope', '/services/nope', '/about/extra', '/ABOUT', '/services/all', '/index.html'])(
    'answers %s with a real 404 inside the full layout',
    async (path) => {
      const res = await get(path).expect(404);
      const html = res.text;
      expect(titles(html)).toEqual([`${notFound.head.title} | ${brand}`]);
      expect(canonical(html)).toBeUndefined();
      expect(meta(html, 'og:url')).toBeUndefined();
      const text = visibleText(html);
      const notFoundSection = sectionOf(notFound, 'not-found');
      const { title, blocks } = notFoundSection;
      const [homeLink] = linksOf(notFoundSection, blocks[1]);
      const homeLabel = runsText(homeLink.children as TextRun[], testConfig().site);
      expect(text).toContain(title);
      expect(html).toContain('class="site-header"');
      expect(html).toContain('class="site-footer"');
      expect(html).toContain(`<a class="button" href="${homeLink.href}">${homeLabel}</a>`);
      // A way on besides home: the site's search, and the pages most visitors look for.
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).toMatch(
        /<form role="search"[^>]* action="\/search" method="get">[\s\S]*<input id="not-found-search" type="search"[^>]* name="q"/,
      );
      expect(main).toContain('href="/services/shared-hosting"');
      expect(main).toContain('href="/contact"');
    },
  );

  it('answers HEAD with the status and headers of GET and no body', async () => {
    const page = await get('/about').expect(200);
    const headOnly = await head('/about').expect(200);
    expect(headOnly.text ?? '').toBe('');
    expect(headOnly.headers['content-type']).toBe(page.headers['content-type']);
    expect(headOnly.headers['cache-control']).toBe(page.headers['cache-control']);
    await head('/does-not-exist').expect(404);
  });

  it('gives crawlers the complete document', async () => {
    const res = await get('/').set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').expect(200);
    expect(res.text).toContain(sectionOf(home, 'hero').title);
    expect(res.text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('lets a CDN keep pages briefly and revalidate', async () => {
    const res = await get('/').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });
});

describe('the home page without JavaScript', () => {
  const app = testApp();
  const site = testConfig().site;

  it('holds its whole content in the server-rendered HTML', async () => {
    const text = visibleText((await request(app).get('/').expect(200)).text);
    // The guarantees' and the footer's titles name those sections for their editors and are not shown.
    const untitled = ['guarantees', 'footer'].map((id) => ({ ...sectionOf(siteWide, id), title: '' }));
    for (const expected of [
      ...markdownPieces(home, site),
      ...markdownPieces({ sections: [sectionOf(siteWide, 'migration'), ...untitled] }, site),
    ].filter(Boolean)) {
      expect(holdsWords(text, expected), expected).toBe(true);
    }
  });

  it('makes the hero’s links its buttons, and names the link under the guarantee for where it leads', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    const anchors = [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
      className: attr(`<a ${attributes}>`, 'class'),
      href: attr(`<a ${attributes}>`, 'href'),
      text: visibleText(inner!),
      shown: visibleText(inner!.replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '')),
    }));
    const asWritten = (link: MarkdownLink, className: string) => ({
      className,
      href: link.href,
      text: visibleText(`${runsText(link.children as TextRun[], site)} ${link.title ?? ''}`),
      shown: runsText(link.children as TextRun[], site),
    });
    const hero = sectionOf(home, 'hero');
    const [primary, ...others] = linksOf(hero, hero.blocks.at(-1));
    expect(anchors).toContainEqual(asWritten(primary, 'button'));
    for (const other of others) expect(anchors).toContainEqual(asWritten(other, 'button button-ghost'));
    const guarantee = sectionOf(home, 'client-guarantee');
    const [more] = linksOf(guarantee, guarantee.blocks.at(-1));
    // Not just "Learn More": its title ends its name for screen readers.
    expect(more.title).toBeTruthy();
    expect(anchors).toContainEqual(asWritten(more, 'text-link'));
  });
});
