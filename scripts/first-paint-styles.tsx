// Run by the build (scripts/build.ts), bundled with the server's own build options as scripts/prepare-pages.ts is:
// writes the rules of the stylesheet that style what any page shows at its first paint, which every page inlines in
// its <head>; the whole stylesheet follows each page's first section (decision 045).
//
// What a first paint shows: each page's document up to the end of its first section after the heading (the part the
// first round trip's budget holds, scripts/budgets.ts), with the consent bar (it comes before the header), in the
// defaults and with analytics on, its disclosures closed and open. Dialogs are left out: a script opens them.
// Beasties keeps each rule whose selector matches an element there, in the stylesheet's order, with its media query.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Beasties from 'beasties';
import render from 'dom-serializer';
import { DomUtils, parseDocument } from 'htmlparser2';
import { loadConfig } from '../server/config.js';
import { readManifest } from '../server/manifest.js';
import { renderToBuffer } from '../server/render.js';
import { indexableRoutes, routeById, routes, type RouteDef } from '../shared/routes.js';
import { searchOver } from '../shared/search.js';
import { SearchPageContext } from '../shared/search-page-data.js';
import { searchIndexOf } from '../server/search-index.js';
import { firstPaintEnd } from './budgets.js';

const [distDir, outFile] = process.argv.slice(2);
if (!distDir || !outFile) throw new Error('usage: first-paint-styles <dist folder> <output file>');
const manifest = readManifest(distDir);
const { site } = loadConfig();
const publicDir = join(distDir, 'public');

/**
 * The part of a document a first paint shows: up to the end of its first section after the heading, without dialogs
 * (opened by a script, which comes after the stylesheet), and once more with every disclosure open (a tap opens one,
 * script or none, as soon as it is drawn).
 */
function firstPaintOf(route: RouteDef, html: string): string {
  const end = firstPaintEnd(html);
  if (end < 0) throw new Error(`${route.path}: no heading and first section to take the first paint's styles from`);
  const document = parseDocument(html.slice(html.indexOf('<body'), end));
  const hidden = DomUtils.findAll(
    (element) => element.name === 'dialog' || (element.name === 'link' && element.attribs.rel === 'stylesheet'),
    document.children,
  );
  for (const element of hidden) DomUtils.removeElement(element);
  const body = DomUtils.findOne((element) => element.name === 'body', document.children)!;
  const closed = render(body.children);
  for (const details of DomUtils.findAll((element) => element.name === 'details', body.children)) details.attribs.open = '';
  return closed + render(body.children);
}

let shown = '';
for (const gtmId of [undefined, 'GTM-F1RSTPA1NT']) {
  const options = { site: { ...site, gtmId }, assets: { ...manifest, searchIndex: '/assets/search-index.json' }, styles: '' };
  const pages = await Promise.all(routes.map(async (route) => ({ route, html: String(await renderToBuffer(route, options)) })));
  for (const { route, html } of pages) shown += firstPaintOf(route, html);
  // The search page's first section is its results: found, with the words found marked in a snippet, and nothing found.
  const indexed = new Set(indexableRoutes());
  const search = searchOver(
    searchIndexOf(
      pages.filter(({ route }) => indexed.has(route)),
      options.site,
    ),
  );
  const words = pages.flatMap(({ html }) => html.match(/(?<=<h2[^>]*>)[^<]+/g) ?? []).flatMap((heading) => heading.split(/\W+/));
  const query = words.find((word) => search(word).some((hit) => hit.snippet.some((part) => part.marked)));
  if (!query) throw new Error('no word of a heading finds a result with a marked snippet');
  for (const data of [
    { query, shortened: true, hits: search(query) },
    { query: 'qqqqqq', shortened: false, hits: [] },
  ]) {
    const route = routeById('search');
    const html = await renderToBuffer(route, options, (page) => (
      <SearchPageContext.Provider value={data}>{page}</SearchPageContext.Provider>
    ));
    shown += firstPaintOf(route, String(html));
  }
}

const beasties = new Beasties({
  path: publicDir,
  pruneSource: false,
  inlineFonts: false,
  keyframes: 'critical',
  compress: true,
  logLevel: 'warn',
  // What the head's consent script sets on <html> before the first paint, and the start-up script on a held tap's
  // button: no element in the markup carries them.
  allowRules: [/^html\[data-consent/, /\[data-pending\]/],
});
const processed = await beasties.process(
  `<!doctype html><html><head><link rel="stylesheet" href="${manifest.stylesheet}"></head><body>${shown}</body></html>`,
);
const styles = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1];
if (!styles) throw new Error('no rule of the stylesheet styles a first paint');
/**
 * What follows the whole stylesheet's link (its later siblings, and those of every element holding it) is hidden until
 * the stylesheet itself shows it again (its last rule): Firefox draws content after a stylesheet still loading. At most
 * for SHOWN_ANYWAY_AFTER, without a script: a stylesheet that never comes (a page of one release asking another
 * release's pod for it, a broken network) must not keep the rest of the page from being read, with the first paint's
 * rules alone (a font's block period, as CSS Fonts' `font-display` sets it, is 3 s for the same reason).
 */
const SHOWN_ANYWAY_AFTER = '3s';
const untilTheStylesheet =
  'link[rel="stylesheet"]~*,:has(link[rel="stylesheet"])~*{visibility:hidden;' +
  `animation:0s ${SHOWN_ANYWAY_AFTER} forwards shown-anyway}@keyframes shown-anyway{to{visibility:visible}}`;
writeFileSync(outFile, styles + untilTheStylesheet);
console.log(
  `first-paint styles: ${styles.length} of the stylesheet's ${readFileSync(join(publicDir, manifest.stylesheet), 'utf8').length} characters`,
);
