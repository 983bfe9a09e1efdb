// What each page tells a visitor, read from the server-rendered HTML alone:
// the business constants where the specification states them, working
// internal links, and external links that all come from configuration.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileLabels, compileMarkdown } from '../../scripts/markdown-content.js';
import { errorHandler } from '../../server/errors.js';
import { searchPage } from '../../server/search-page.js';
import { shareImageSvg } from '../../server/share-image.js';
import { business, formatLegalDate, formatUsd } from '../../shared/content/business.js';
import { contactFields, newsletter } from '../../shared/content/forms.js';
import { factText, featuresOf, linksOf, runsText, sectionOf } from '../../shared/content/markdown.js';
import siteWide from '../../shared/content/site-wide.shared.md';
import contact from '../../shared/pages/contact/contact.page.md';
import home from '../../shared/pages/home/home.page.md';
import type { SiteConfig } from '../../shared/site-config.js';
import { comparisonRows, planCardLines } from '../../shared/content/plan-rows.js';
import { plans, yearlyPerMonth, yearlySaving } from '../../shared/content/plans.js';
import faq from '../../shared/pages/shared-hosting/questions.faq.md';
import sharedHosting from '../../shared/pages/shared-hosting/shared-hosting.page.md';
import { resolvedHref } from '../../shared/links.js';
import { indexableRoutes, routes } from '../../shared/routes.js';
import { distDir, testApp, testConfig } from '../support/app.js';
import { factsNamed, holdsWords, linksIn, literalFigures, markdownPieces, wordsOf } from '../support/copy.js';
import { searchOver, type SearchEntry } from '../../shared/search.js';
import { attr, hrefs, meta, openingTag, titles, visibleText } from '../support/html.js';
import { projectRoot } from '../support/sources.js';
import { fixedWords, labels } from '../support/labels.js';

const configured = {
  SITE_URL: 'https://www.acme.example',
  BRAND_NAME: 'Acme Cloud',
  SUPPORT_EMAIL: 'help@acme.example',
  SUPPORT_PHONE: '+1 555 010 0199',
  CLIENT_PORTAL_URL: 'https://portal.acme.example',
  STATUS_PAGE_URL: 'https://status.acme.example',
  PARTNER_SITE_URL: 'https://design.acme.example',
  NEWSLETTER_ACTION_URL: 'https://lists.acme.example/subscribe/post',
};
const app = testApp(configured);
const site = testConfig(configured).site;
/** Every optional part configured: the live chat, the legal identity, analytics (the consent bar). */
const everything = {
  ...configured,
  LIVE_CHAT_URL: 'https://chat.acme.example',
  LEGAL_NAME: 'Acme Cloud Ltd',
  COMPANY_REGISTRATION_NUMBER: '01234567',
  VAT_ID: 'GB123456789',
  GTM_ID: 'GTM-ABC1234',
};
const everythingApp = testApp(everything);

/** The home page's feature cards and its Client Guarantee's, as its copy writes them for this configuration. */
const homeFeatures = (site: SiteConfig) => featuresOf(sectionOf(home, 'features'), site);
const guarantees = (site: SiteConfig) => featuresOf(sectionOf(home, 'client-guarantee'), site);
const pagePaths = routes.filter((route) => route.status === 200).map((route) => route.path);

// The site prepares its pages at start-up: the first request waits for it, on a busy machine longer than a test.
beforeAll(async () => {
  await Promise.all([request(app).get('/').expect(200), request(everythingApp).get('/').expect(200)]);
}, 120_000);

async function page(path: string) {
  const html = (await request(app).get(path).expect(200)).text;
  return { html, text: visibleText(html) };
}

describe('the copy on the pages that state it', () => {
  const markdownFiles = readdirSync(join(projectRoot, 'shared', 'pages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('shared', 'pages', file));

  // With every optional part configured, so that the copy of each (the live chat, the company's details) is shown.

  it.each(markdownFiles)('%s: its head, and every title, paragraph and list item on its page, facts filled in', async (file) => {
    const route = routes.find((candidate) => candidate.id === file.split(/[\\/]/)[2])!;
    const path = route.path === '*' ? '/no-such-page' : route.path;
    const html = (await request(everythingApp).get(path).expect(route.status)).text;
    // The search page shows some of its copy before a search, the rest after one that found nothing.
    const nothingFound = route.id === 'search' ? (await request(everythingApp).get(`${path}?q=qqqzzzxx`).expect(200)).text : '';
    const text = `${visibleText(html)} ${visibleText(nothingFound)}`;
    const copy = compileMarkdown(file, readFileSync(join(projectRoot, file), 'utf8'));
    const everythingSite = testConfig(everything).site;
    const missing = markdownPieces(copy, everythingSite).filter((piece) => !holdsWords(text, piece));
    expect(missing, path).toEqual([]);
    if ('updated' in copy) expect(text).toContain(formatLegalDate(copy.updated));
    if ('head' in copy) {
      expect(titles(html)).toEqual([`${copy.head.title} | ${everythingSite.brandName}`]);
      expect(meta(html, 'description')).toBe(runsText(copy.head.description, everythingSite));
      expect(meta(html, 'keywords')).toBe(copy.head.keywords.join(', '));
      // The banner (on every page with a breadcrumb): its heading, then the jump the page names, else the summary.
      if (route.breadcrumb) {
        const banner = html.slice(html.indexOf('class="page-banner"'), html.indexOf('</div></div>', html.indexOf('class="page-banner"')));
        expect(visibleText(banner)).toContain(copy.head.bannerTitle ?? copy.head.title);
        const { bannerLink } = copy.head;
        if (bannerLink) expect(banner).toContain(`href="${bannerLink.href}"`);
        const shown = bannerLink?.label ?? runsText(copy.head.description, everythingSite);
        expect(holdsWords(visibleText(banner), shown), shown).toBe(true);
      }
    }
  });

  // Where each section of the shared copy shows (its note in the file says so), with every optional part configured;
  // some sections' titles only name them for their editors.
  const sharedSectionPlaces: [string, string[], { titleShown: boolean }][] = [
    ['guarantees', ['/', '/services/shared-hosting'], { titleShown: false }],
    ['contact-details', ['/search?q=qqqzzzxx'], { titleShown: false }],
    ['legal-contact', ['/terms', '/privacy', '/aup'], { titleShown: true }],
    ['consent', ['/about'], { titleShown: true }],
    ['footer', pagePaths, { titleShown: false }],
  ];
  it('shared/content/site-wide.shared.md: the test knows where each of its sections shows', () => {
    expect(siteWide.sections.map(({ id }) => id).sort()).toEqual(['migration', ...sharedSectionPlaces.map(([id]) => id)].sort());
  });
  it.each(sharedSectionPlaces)(
    'shared/content/site-wide.shared.md: #%s shows every word and every link of its section on %j',
    async (id, paths, { titleShown }) => {
      const everythingSite = testConfig(everything).site;
      const section = sectionOf(siteWide, id);
      const links = linksIn([...section.blocks, ...section.cards.flatMap((card) => card.blocks)]);
      const addresses = links.map((link) => resolvedHref(link.href, everythingSite)!);
      const pieces = markdownPieces({ sections: [section] }, everythingSite).filter((piece) => titleShown || piece !== section.title);
      for (const path of paths) {
        const html = (await request(everythingApp).get(path).expect(200)).text;
        const text = visibleText(html);
        expect(
          pieces.filter((piece) => !holdsWords(text, piece)),
          path,
        ).toEqual([]);
        expect(hrefs(html), path).toEqual(expect.arrayContaining(addresses));
      }
    },
  );

  it.each(['/', '/about', '/services/shared-hosting', '/terms', '/privacy', '/aup'])(
    'shared/content/site-wide.shared.md: %s closes with the free-migration call to action, its button leading to the form’s topic',
    async (path) => {
      const { html, text } = await page(path);
      const migration = sectionOf(siteWide, 'migration');
      const closing = visibleText(html.slice(html.indexOf('<section class="cta"')));
      for (const piece of markdownPieces({ sections: [migration] }, site)) expect(holdsWords(closing, piece), piece).toBe(true);
      const [link] = linksOf(migration, migration.blocks[1]);
      expect(hrefs(html.slice(html.indexOf('<section class="cta"')))).toContain(link.href);
      expect((await page(link.href.split('#')[0]!)).html).toContain(`id="${link.href.split('#')[1]}"`);
      expect(text).toContain(migration.title);
    },
  );

  it('the shared hosting page states each plan’s prices on its card, and the comparison table is the plans data, row by row', async () => {
    const { html, text } = await page('/services/shared-hosting');
    for (const plan of plans) {
      for (const price of [plan.monthlyPrice, plan.yearlyPrice, yearlyPerMonth(plan), yearlySaving(plan)])
        expect(text).toContain(formatUsd(price));
      for (const line of planCardLines) expect(text).toContain(line(plan));
    }
    const table = html.slice(
      html.indexOf('<tbody>', html.indexOf('class="compare"')),
      html.indexOf('</tbody>', html.indexOf('class="compare"')),
    );
    const rows = table
      .split('<tr>')
      .slice(1)
      .map((row) => [...row.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((cell) => cell[1]));
    expect(rows).toEqual(comparisonRows.map((row) => [row.label, ...plans.map((plan) => row.value(plan))]));
  });

  it('the home page states its feature cards and guarantees, the support card with the channels configured', async () => {
    const { text } = await page('/');
    for (const card of [...homeFeatures(site), ...guarantees(site)]) {
      expect(text).toContain(card.title);
      expect(holdsWords(text, card.text), card.text).toBe(true);
    }
  });
});

describe('promises that add up', () => {
  const withinMinutes = `within ${business.supportResponseMinutes} minutes`;
  it('states how fast support answers in one sentence, the same on every page that promises it', async () => {
    for (const path of pagePaths) {
      const { text } = await page(path);
      // Any response time a page names is the guaranteed one, with no "support hours" to qualify it.
      for (const [stated] of text.matchAll(/within [^.,;]*?minutes/g)) expect(stated, `${path}: "${stated}"`).toBe(withinMinutes);
      expect(text, path).not.toMatch(/support hours|next business day/);
    }
    // Where the home page and the contact section speak of it, they say the same sentence.
    const responsePromise = factText('responsePromise', site);
    for (const path of ['/', '/contact', '/about']) expect((await page(path)).text).toContain(responsePromise);
  });

  it('says how fast support answers once on the home page, and its two support cards say different things', async () => {
    const { html, text } = await page('/');
    expect(text.split(factText('responsePromise', site))).toHaveLength(2);
    const supportCard = homeFeatures(site).find((card) => card.icon === 'support')!;
    const responseCard = guarantees(site).find((card) => card.icon === 'support')!;
    const card = (title: string) => visibleText(new RegExp(`<h3[^>]*>${title}</h3>[\\s\\S]*?</p>`).exec(html)?.[0] ?? '');
    const support = card(supportCard.title);
    const responseTeam = card(responseCard.title);
    expect(support).not.toBe(supportCard.title);
    expect(responseTeam).not.toBe(responseCard.title);
    // Beyond words of the titles, no word of four letters or more in common: each card says something of its own.
    const longWords = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g));
    const titleWords = longWords(`${supportCard.title} ${responseCard.title}`);
    const shared = [...longWords(support)].filter((word) => longWords(responseTeam).has(word) && !titleWords.has(word));
    expect(shared).toEqual([]);
    // The contact modal's contents are rendered when it opens: test/unit/contact-details.test.tsx.
  });
});

describe('live chat', () => {
  const withChat = testApp({ ...configured, LIVE_CHAT_URL: 'https://chat.acme.example' });

  it('is neither promised nor mentioned anywhere while no chat is configured', async () => {
    for (const path of pagePaths) expect((await page(path)).text, path).not.toMatch(/chat/i);
  });

  it('is promised with the other channels and linked from the contact section and the contact modal once configured', async () => {
    const home = (await request(withChat).get('/').expect(200)).text;
    const chat = testConfig({ ...configured, LIVE_CHAT_URL: 'https://chat.acme.example' }).site;
    expect(holdsWords(visibleText(home), homeFeatures(chat).find((card) => card.icon === 'support')!.text)).toBe(true);
    // The contact section links it (the modal does too: test/unit/contact-details.test.tsx).
    expect(hrefs(home)).toContain('https://chat.acme.example');
    const terms = visibleText((await request(withChat).get('/terms').expect(200)).text);
    expect(terms).toContain(factText('supportChannels', chat));
    expect(factText('supportChannels', chat)).not.toBe(factText('supportChannels', site));
  });
});

describe('the home page’s first screen', () => {
  it('shows the offer: the lowest plan price from the plan data, the guarantees with their clauses, and the three services', async () => {
    const { html, text } = await page('/');
    // From the hero to the first section's heading.
    const hero = html.slice(html.indexOf('class="hero"'), html.indexOf('<h2', html.indexOf('class="hero"')));
    // (The text reader spaces element boundaries: "$12 /month" is "$12/month" on screen.)
    expect(visibleText(hero)).toContain(`${formatUsd(Math.min(...plans.map((plan) => plan.monthlyPrice)))} ${labels.plans.perMonth}`);
    expect(hrefs(hero)).toEqual(
      expect.arrayContaining([
        '/terms#refunds',
        '/terms#uptime-and-sla',
        '/services/shared-hosting',
        '/services/custom-development',
        '/services/maintenance',
      ]),
    );
    expect(text).toMatch(new RegExp(`\\b${business.refundDays}-day\\b`));
  });
});

describe('the shared hosting FAQ', () => {
  it('answers from the terms the site states: each answer carries the figures of the constants it speaks of', async () => {
    const { html } = await page('/services/shared-hosting');
    const answer = (id: string) =>
      visibleText(html.slice(html.indexOf(`id="${id}"`), html.indexOf('</details>', html.indexOf(`id="${id}"`))));
    // The figures are the facts the Markdown names: written there as {{name}}, never as figures of their own.
    for (const question of faq.questions) {
      const text = answer(question.id);
      for (const fact of factsNamed(question.blocks)) expect(text, question.id).toContain(factText(fact, site));
    }
    expect(literalFigures(faq.questions.flatMap((question) => question.blocks))).toEqual([]);
    // Every question of the FAQ's file (the specification's eight, and any added since), each a native disclosure that works without JavaScript.
    expect(faq.questions.length).toBeGreaterThanOrEqual(8);
    expect([...html.matchAll(/<details id="(faq-[a-z-]+)"><summary>/g)].map((m) => m[1])).toEqual(faq.questions.map((q) => q.id));
  });
});

describe('the newsletter sign-up', () => {
  it('says what the address is used for before it is given, linking the Privacy Policy’s section on it', async () => {
    const { html, text } = await page('/contact');
    const newsletterCopy = sectionOf(contact, 'newsletter');
    // Its last paragraph, with the link to the Privacy Policy.
    const addressUse = newsletterCopy.blocks.at(-1)!;
    const signUp = text.slice(text.indexOf(newsletterCopy.title));
    expect(holdsWords(signUp, markdownPieces({ sections: [{ ...newsletterCopy, blocks: [addressUse] }] }, site).at(-1)!)).toBe(true);
    const [privacyLink] =
      'paragraph' in addressUse
        ? addressUse.paragraph.flatMap((part) => (typeof part === 'object' && 'href' in part ? [part.href] : []))
        : [];
    expect(privacyLink).toMatch(/^\/privacy#/);
    expect(hrefs(html)).toContain(privacyLink);
    expect((await page('/privacy')).html).toContain(`id="${privacyLink!.split('#')[1]}"`);
  });
});

describe('pages', () => {
  it('custom development links its call to action to the configured partner site', async () => {
    const { html, text } = await page('/services/custom-development');
    const route = routes.find((candidate) => candidate.path === '/services/custom-development')!;
    expect(text).toContain(route.breadcrumb!.map((crumb) => crumb.label).join(' '));
    expect(hrefs(html)).toContain('https://design.acme.example');
  });

  it('shared hosting sends each plan to its order page, monthly and yearly', async () => {
    const { html } = await page('/services/shared-hosting');
    for (const plan of ['starter', 'pro', 'max']) {
      expect(hrefs(html)).toContain(`https://portal.acme.example/store/shared-hosting/${plan}`);
      expect(hrefs(html)).toContain(`https://portal.acme.example/store/shared-hosting/${plan}?billingcycle=annually`);
    }
    // Each feature keeps its Learn More link, hidden and so out of the tab order.
    expect(html.match(/<a class="feature-more" href="#pricing" hidden="">/g)).toHaveLength(
      sectionOf(sharedHosting, 'hosting-features').cards.length,
    );
  });

  it('the maintenance page leads to the contact page', async () => {
    expect(hrefs((await page('/services/maintenance')).html)).toContain('/contact');
  });

  it("the services overview lists what each service includes: the cards of that service's own page", async () => {
    const cardTitles = (html: string, sectionId: string) => {
      const section = html.slice(html.indexOf(`id="${sectionId}"`));
      return [...section.slice(0, section.indexOf('</section>')).matchAll(/<h3>([^<]*)<\/h3>/g)].map((match) => match[1]);
    };
    const overview = (await page('/services')).html;
    const cards = overview.split('<li class="card service-card">').slice(1);
    const included = cards.map((card) => [...card.matchAll(/<li><svg[^]*?<\/svg> <!-- -->([^<]*)<\/li>/g)].map((match) => match[1]));
    expect(included).toEqual([
      cardTitles((await page('/services/shared-hosting')).html, 'hosting-features'),
      cardTitles((await page('/services/custom-development')).html, 'custom-solutions'),
      cardTitles((await page('/services/maintenance')).html, 'maintenance-covers'),
    ]);
    expect(included[0]!.length).toBeGreaterThan(0);
  });

  it('the legal pages have a table of contents whose anchors exist', async () => {
    for (const path of ['/privacy', '/terms', '/aup']) {
      const { html } = await page(path);
      const anchors = hrefs(html).filter((href) => href.startsWith('#'));
      expect(anchors.length).toBeGreaterThan(3);
      for (const anchor of anchors) expect(html).toContain(`id="${anchor.slice(1)}"`);
    }
  });
});

describe('forms in the server-rendered HTML', () => {
  it('the contact form posts to the configured portal with the fields the portal takes', async () => {
    const { html } = await page('/contact');
    const form = openingTag(html, 'class="contact-form"');
    expect(attr(form, 'action')).toBe('https://portal.acme.example/contact.php');
    expect(attr(form, 'method')).toBe('post');
    const field = (name: string) => openingTag(html, `id="contact-${name}"`);
    for (const name of ['name', 'company', 'website', 'email', 'subject', 'message']) expect(attr(field(name), 'name')).toBe(name);
    expect(attr(field('email'), 'type')).toBe('email');
    expect(attr(field('subject'), 'type')).toBe('tel');
    for (const name of ['name', 'email', 'subject', 'message']) expect(attr(field(name), 'required')).not.toBeNull();
    for (const name of ['company', 'website']) expect(attr(field(name), 'required')).toBeNull();
    for (const name of ['name', 'company', 'website', 'email', 'subject'])
      expect(Number(attr(field(name), 'maxlength'))).toBeGreaterThan(0);
    // Without JavaScript the limit its label states holds as maxlength (the client lifts it, to explain an overlong paste).
    const message = contactFields.find((f) => f.name === 'message')!;
    expect(attr(field('message'), 'maxlength')).toBe(String(message.maxLength));
    expect(visibleText(/<label for="contact-message">[\s\S]*?<\/label>/.exec(html)?.[0] ?? '')).toContain(message.label);
    expect(visibleText(/<label for="contact-message">[\s\S]*?<\/label>/.exec(html)?.[0] ?? '')).toContain(
      message.maxLength.toLocaleString('en-US'),
    );
    expect(html).toContain(`<label for="contact-subject">${contactFields.find((f) => f.name === 'subject')!.label}`);
  });

  it('the newsletter form posts to the mailing list in a new tab, validated by the browser until the script takes over, with a hidden honeypot', async () => {
    const { html } = await page('/contact');
    const form = openingTag(html, 'class="newsletter-form"');
    expect(attr(form, 'action')).toBe('https://lists.acme.example/subscribe/post');
    expect(attr(form, 'method')).toBe('post');
    expect(attr(form, 'target')).toBe('_blank');
    // Without JavaScript the browser's own validation guards it; the island sets novalidate.
    expect(attr(form, 'novalidate')).toBeNull();
    const email = openingTag(html, 'id="newsletter-email"');
    expect([attr(email, 'type'), attr(email, 'name'), attr(email, 'placeholder')]).toEqual(['email', 'EMAIL', newsletter.placeholder]);
    expect(attr(email, 'required')).not.toBeNull();
    expect(attr(openingTag(html, 'class="honeypot"'), 'aria-hidden')).toBe('true');
    expect(attr(openingTag(html, 'id="newsletter-hp"'), 'tabindex')).toBe('-1');
    expect(attr(openingTag(html, 'id="newsletter-error"'), 'hidden')).not.toBeNull();
    expect(attr(openingTag(html, 'id="newsletter-success"'), 'hidden')).not.toBeNull();
  });
});

describe('the site configuration the islands read in the browser', () => {
  it('is in every page once, as data, holding exactly the public configuration and the configured values', async () => {
    for (const path of pagePaths) {
      const { html } = await page(path);
      const blocks = [...html.matchAll(/<script type="application\/json" id="site-config">([^<]*)<\/script>/g)];
      expect(blocks, path).toHaveLength(1);
      const site = JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
      // Nothing but what pages may show: no port, no metrics, no secret can ever reach it unnoticed.
      expect(Object.keys(site).sort()).toEqual(
        [
          'analyticsConsent',
          'brandName',
          'clientPortalUrl',
          'newsletterActionUrl',
          'partnerSiteUrl',
          'siteUrl',
          'statusPageUrl',
          'supportEmail',
          'supportPhone',
        ].sort(),
      );
      expect(site).toMatchObject({
        siteUrl: configured.SITE_URL,
        brandName: configured.BRAND_NAME,
        supportEmail: configured.SUPPORT_EMAIL,
        supportPhone: configured.SUPPORT_PHONE,
        clientPortalUrl: configured.CLIENT_PORTAL_URL,
      });
    }
  });

  it('is the one source of the header: its island props carry only the page’s own path, menus, search index and dialog title', async () => {
    const { html } = await page('/about');
    const props = JSON.parse(attr(openingTag(html, 'data-island="header"'), 'data-props')!) as Record<string, unknown>;
    expect(Object.keys(props).sort()).toEqual(['contactDetailsTitle', 'currentPath', 'mainMenu', 'searchIndexUrl', 'servicesMenu']);
    expect(props.currentPath).toBe('/about');
  });
});

describe('links', () => {
  it('every internal link on every page answers 200', async () => {
    const internal = new Set<string>();
    for (const path of pagePaths) {
      for (const href of hrefs((await page(path)).html)) {
        if (href.startsWith('/')) internal.add(href.split('#')[0]!);
      }
    }
    for (const route of indexableRoutes()) expect(internal).toContain(route.path);
    for (const href of internal) await request(app).get(href).expect(200);
  });

  it('every link to a place on a page finds it, and no page gives two elements one id', async () => {
    const idsOf = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    const htmlOf = new Map<string, string>();
    for (const path of pagePaths) htmlOf.set(path, (await page(path)).html);
    const ids = new Map<string, Set<string>>();
    for (const [path, html] of htmlOf) {
      const all = idsOf(html);
      expect(
        all.filter((id, i) => all.indexOf(id) !== i),
        `ids used twice on ${path}`,
      ).toEqual([]);
      ids.set(path, new Set(all));
    }
    const broken: string[] = [];
    for (const [path, html] of htmlOf) {
      for (const href of hrefs(html)) {
        const [target = '', fragment] = href.split('#');
        if (!fragment || !(href.startsWith('#') || href.startsWith('/'))) continue;
        const on = target === '' ? path : target.split('?')[0]!;
        if (ids.has(on) && !ids.get(on)!.has(fragment)) broken.push(`${path}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every external link comes from the configuration', async () => {
    const allowedHosts = new Set(
      Object.values(configured)
        .filter((v) => v.startsWith('https://'))
        .map((v) => new URL(v).host),
    );
    for (const path of pagePaths) {
      for (const href of hrefs((await page(path)).html)) {
        if (href.startsWith('/') || href.startsWith('#')) continue;
        if (href.startsWith('mailto:')) expect(href).toBe('mailto:help@acme.example');
        else if (href.startsWith('tel:')) expect(href).toBe('tel:+15550100199');
        else expect(allowedHosts).toContain(new URL(href).host);
      }
    }
  });

  it('no page names the default example brand once another is configured', async () => {
    for (const path of pagePaths) {
      const { html } = await page(path);
      expect(html).not.toContain('Example Hosting');
      expect(html).not.toContain('portal.example.com');
    }
  });
});

describe('the site search index', () => {
  const indexUrlOf = (html: string) => /searchIndexUrl&quot;:&quot;(\/assets\/search-index-[0-9A-Z]+\.json)/.exec(html)?.[1];

  it('is built at start-up from the live configuration: the operator’s brand, email and phone, none of the defaults', async () => {
    const { html } = await page('/');
    const url = indexUrlOf(html);
    expect(url).toBeDefined();
    const res = await request(app)
      .get(url!)
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const text = JSON.stringify(res.body);
    for (const fact of ['Acme Cloud', 'help@acme.example', '+1 555 010 0199']) expect(text).toContain(fact);
    for (const stale of ['Example Hosting', 'support@example.com', '+1 555 010 0100']) expect(text).not.toContain(stale);
    // Every indexable page and its titled sections, linking where they are; not the alias, the search or the not-found page;
    // then the client portal's tasks, at the operator's portal.
    const entries = res.body as { path: string; kind?: string }[];
    const paths = entries.filter((entry) => entry.kind !== 'external').map((entry) => entry.path.split('#')[0]);
    expect(new Set(paths)).toEqual(new Set(indexableRoutes().map((route) => route.path)));
    const tasks = entries.filter((entry) => entry.kind === 'external').map((entry) => new URL(entry.path).host);
    expect(tasks.length).toBeGreaterThan(0);
    expect(new Set(tasks)).toEqual(new Set([new URL(configured.CLIENT_PORTAL_URL).host, new URL(configured.STATUS_PAGE_URL).host]));
  });

  it('has its own address per configuration, so no cache serves one operator’s index for another’s', async () => {
    const defaults = indexUrlOf((await request(testApp()).get('/').expect(200)).text);
    expect(defaults).toBeDefined();
    expect(defaults).not.toBe(indexUrlOf((await page('/')).html));
  });
});

describe('the words of the controls (shared/content/*.labels.md)', () => {
  const shown = everythingApp;
  // Each labels file's groups, as compiled.
  const labelFiles = readdirSync(join(projectRoot, 'shared', 'content'))
    .filter((file) => file.endsWith('.labels.md'))
    .map((file) => ({
      file,
      words: compileLabels(join('shared', 'content', file), readFileSync(join(projectRoot, 'shared', 'content', file), 'utf8')),
    }));

  it('each shows, in a page as served or in the code that upgrades it: no label is left unread', async () => {
    // Searches that find several pages, exactly one (a word the index holds once), nothing, and a query cut short.
    const indexUrl = /search-index-[\w-]+\.json/.exec((await request(shown).get('/')).text)![0];
    const entries = (await request(shown).get(`/assets/${indexUrl}`).expect(200)).body as SearchEntry[];
    const search = searchOver(entries);
    const once = wordsOf(entries.map((entry) => entry.title).join(' ')).find((word) => word.length > 3 && search(word).length === 1);
    expect(once, 'a word of one result only').toBeDefined();
    const searches = ['/search?q=refund', `/search?q=${once}`, `/search?q=${'refund%20'.repeat(20)}`, '/search?q=qqqzzzxx'];
    const paths = [...routes.map((route) => (route.status === 404 ? '/no-such-page' : route.path)), ...searches];
    const pages = await Promise.all(paths.map(async (path) => (await request(shown).get(path)).text));
    // What a visitor meets only when the site cannot answer as asked: the 500 page, and the search's 503 once every
    // render slot is taken (answered before anything would render, so with no render options).
    const failing = express()
      .get('/', (_req, _res, next) => {
        next(new Error('a failure'));
      })
      .use(errorHandler(pino({ level: 'silent' })));
    const busy = express().use(searchPage(entries, undefined as never, { slots: { take: () => undefined } }));
    pages.push((await request(failing).get('/').expect(500)).text, (await request(busy).get('/search?q=refund').expect(503)).text);
    // The share image's lines as its picture is drawn (test/http/seo.test.ts: the image served is that drawing).
    pages.push(shareImageSvg(testConfig(everything).site));
    // The search's results, as its index serves them to the search dialog (the results that leave the site among them).
    pages.push(...entries.map((entry) => `${entry.title}\n${entry.text}`));
    // The islands' modules, their escapes read back (esbuild writes other than ASCII as \uXXXX).
    const assets = join(distDir, 'public', 'assets');
    const modules = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) =>
        readFileSync(join(assets, file), 'utf8').replace(/\\u([0-9a-fA-F]{4})/g, (_, code: string) =>
          String.fromCharCode(parseInt(code, 16)),
        ),
      );
    const served = [
      ...pages.map((html) =>
        html
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&')
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      ),
      ...modules,
    ].join('\n');
    const unread: string[] = [];
    for (const { file, words } of labelFiles) {
      for (const [group, groupWords] of Object.entries(words)) {
        for (const [name, label] of Object.entries(groupWords)) {
          if (!fixedWords(label).every((part) => served.includes(part))) unread.push(`${file}: ${group}.${name}: ${JSON.stringify(label)}`);
        }
      }
    }
    expect(unread).toEqual([]);
  });

  it('the tests name each control by them: every group a labels file holds is in test/support/labels.ts', () => {
    for (const { file, words } of labelFiles) {
      for (const group of Object.keys(words)) expect(labels, `${file}: ${group}`).toHaveProperty(group);
    }
  });
});
