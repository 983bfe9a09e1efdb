// Markdown copy compiled at build time (scripts/markdown-content.ts): a broken
// file stops the build with its path, the line and the field at fault, which is
// what a copywriter needs to find and fix it. The fixtures are broken on purpose.
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileLabels, compileMarkdown, markdownContentPlugin, markdownModule } from '../../scripts/markdown-content.js';
import { loadConfig } from '../../server/config.js';
import { callToActionOf, featuresOf, introOf, linkListOf, sectionOf, type PageMarkdown } from '../../shared/content/markdown.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'markdown');

/** The front matter every page's copy starts with: its title, summary and keywords. */
const head = ['path: /a-page', 'title: A page', 'description: What the page says of {{brand}}.', 'keywords: [page, copy]'];
const compiledHead = {
  path: '/a-page',
  title: 'A page',
  description: ['What the page says of ', { fact: 'brand' }, '.'],
  keywords: ['page', 'copy'],
  label: 'A page',
};

describe('a broken Markdown file names its file, line and field', () => {
  it.each([
    ['a missing field: the front matter has no `party`', 'missing-field.legal.md', ':1: party: is required'],
    [
      'a malformed date: `updated` is not a day of the calendar',
      'malformed-date.legal.md',
      ':7: updated: "2023-13-45" is not a day of the calendar',
    ],
    [
      'a duplicate section id: the second `{#faq-refund}`, pointing at the first',
      'duplicate-id.faq.md',
      ':12: id: "faq-refund" is already the id of the section on line 4',
    ],
    [
      'a link to a page that does not exist: /pricing, not the valid link above it',
      'unknown-page.faq.md',
      ':8: link: "/pricing" is not a page of the site',
    ],
    [
      'a fact that is not in the table of facts',
      'unknown-fact.faq.md',
      ':6: text: {{proPlanPrice}} is not a fact of shared/content/facts.ts',
    ],
    ['an icon a card names that the site cannot draw', 'unknown-icon.page.md', ':16: icon: "floppy" is not one of'],
  ])('%s', (_fault, name, message) => {
    const file = relative(process.cwd(), join(fixtures, name));
    expect(() => compileMarkdown(file, readFileSync(file, 'utf8'))).toThrow(`test/unit/fixtures/markdown/${name}${message}`);
  });

  // A legal file's front matter up to the analytics block's first two parts.
  const analyticsOpening = [
    '---',
    'updated: 2024-02-29',
    'party: We',
    'intro: Hello.',
    ...head,
    'analytics:',
    '  none: No.',
    '  askFirst: Ask.',
  ];
  it.each([
    [
      'a misspelt field, named with the one it most likely meant',
      ['---', 'udpated: 2024-02-29', 'party: We', 'intro: Hello.', ...head, '---'],
      'terms.legal.md:2: udpated: unknown field udpated, did you mean updated?',
    ],
    [
      'a field this kind of file does not take',
      ['---', 'updated: 2024-02-29', 'party: We', 'intro: Hello.', ...head, 'colour: blue', '---'],
      'terms.legal.md:9: colour: unknown field colour (this file takes path, title, description, keywords, bannerTitle, bannerLink, label, menu, crumb, updated, party, intro, analytics)',
    ],
    [
      'a legal date still to come',
      ['---', 'updated: 2999-01-01', 'party: We', 'intro: Hello.', ...head, '---'],
      'terms.legal.md:2: updated: "2999-01-01" is after today',
    ],
    [
      'a misspelt fact in a part of the analytics paragraph',
      [...analyticsOpening, '  noAsking: We do.', '  what: It.', '  choice: After {{consentRenewalMonth}} months.', '---'],
      'terms.legal.md:14: analytics.choice: {{consentRenewalMonth}} is not a fact of shared/content/facts.ts (did you mean {{consentRenewalMonths}}?)',
    ],
    [
      'a part of the analytics paragraph left out',
      [...analyticsOpening, '  what: It.', '  choice: Then.', '---'],
      'terms.legal.md:9: analytics.noAsking: is required',
    ],
  ])('%s, at its line', (_fault, lines, message) => {
    expect(() => compileMarkdown('terms.legal.md', lines.join('\n'))).toThrow(message);
  });

  it.each([
    [
      'a page without its title',
      ['---', 'description: Hi.', 'keywords: [hi]', 'path: /a-page', '---'],
      'about.page.md:1: title: is required',
    ],
    [
      "another page's address",
      ['---', 'title: About', 'description: Hi.', 'keywords: [hi]', 'path: /contact', '---'],
      'about.page.md:5: path: /contact is the address of shared/pages/contact/contact.page.md too',
    ],
    [
      'an address written without its leading /',
      ['---', 'title: About', 'description: Hi.', 'keywords: [hi]', 'path: services/domains', '---'],
      'about.page.md:5: path: "services/domains" must be the page\'s address: a / before each part',
    ],
    [
      'keywords written as one line, not a list',
      ['---', 'title: About', 'description: Hi.', 'keywords: hosting, support', 'path: /a-page', '---'],
      'about.page.md:4: keywords: "hosting, support" must be a list of words, as [one, two]',
    ],
    [
      "a banner link that leads off the page's own sections",
      [
        '---',
        'title: About',
        'description: Hi.',
        'keywords: [hi]',
        'bannerLink: { label: Prices, href: /pricing }',
        'path: /a-page',
        '---',
      ],
      'about.page.md:5: bannerLink.href: "/pricing" must be #id, the id of a section on the page',
    ],
    [
      'a fact in the summary that is not a fact',
      ['---', 'title: About', 'description: From {{price}} a month.', 'keywords: [hi]', 'path: /a-page', '---'],
      'about.page.md:3: description: {{price}} is not a fact',
    ],
    [
      'a value cut short by a # that starts a note',
      ['---', 'title: About', 'description: Rated the #1 team.', 'keywords: [hi]', 'path: /a-page', '---'],
      'about.page.md:3: description: stops at " #" ("Rated the"): a # after a space starts a note, never shown; write the value in double quotes',
    ],
    [
      'a value holding ": " without quotes',
      ['---', 'title: About', 'description: Support: fast.', 'keywords: [hi]', 'path: /a-page', '---'],
      'about.page.md:3: front matter: Nested mappings are not allowed in compact mappings: a value holding ": " is written in double quotes',
    ],
  ])("%s, in the page's front matter", (_fault, lines, message) => {
    expect(() => compileMarkdown('about.page.md', lines.join('\n'))).toThrow(message);
  });

  it.each([
    [
      'an eyebrow on a legal page, which shows none',
      'terms.legal.md',
      ['---', 'updated: 2024-02-29', 'party: We', 'intro: Hello.', ...head, '---', '## Refunds {#refunds eyebrow="Money"}', '', 'Text.'],
      'terms.legal.md:10: title: "eyebrow="Money"": a section here takes {#id} alone',
    ],
    [
      'a section attribute misspelt',
      'home.page.md',
      ['---', ...head, '---', '## Why us {#features eybrow="Why"}', '', 'Text.'],
      'home.page.md:7: title: "eybrow="Why"": a section takes {#id}, or {#id eyebrow="Short line"}',
    ],
    [
      'an empty eyebrow',
      'home.page.md',
      ['---', ...head, '---', '## Why us {#features eyebrow=" "}', '', 'Text.'],
      'home.page.md:7: title: "eyebrow=" "": a section takes',
    ],
  ])('%s, at its heading', (_fault, file, lines, message) => {
    expect(() => compileMarkdown(file, lines.join('\n'))).toThrow(message);
  });

  // site-wide.shared.md's front matter: the sentences named as facts, then the two ways to name the support channels.
  const sharedOpening = ['---', 'sentences:', '  planChanges: Move up.', '  migrationOffer: We move you.'];
  const channels = ['supportChannels:', '  withChat: chat and email', '  withoutChat: email'];
  it.each([
    [
      'a misspelt sentence, named with the one it most likely meant',
      [...sharedOpening, '  responsePromis: Fast.', ...channels, '---'],
      'site-wide.shared.md:5: sentences.responsePromis: unknown field responsePromis, did you mean responsePromise?',
    ],
    ['a sentence left out', [...sharedOpening, ...channels, '---'], 'site-wide.shared.md:2: sentences.responsePromise: is required'],
    [
      'a way to name the channels left out',
      [...sharedOpening, '  responsePromise: Fast.', 'supportChannels:', '  withChat: chat and email', '---'],
      'site-wide.shared.md:6: supportChannels.withoutChat: is required',
    ],
    [
      'a sentence that names another, which could name it back',
      [...sharedOpening, '  responsePromise: Fast. {{planChanges}}', ...channels, '---'],
      'site-wide.shared.md:5: sentences.responsePromise: {{planChanges}} is a sentence of this file: write its words, not its name',
    ],
  ])('%s, at its line', (_fault, lines, message) => {
    expect(() => compileMarkdown('site-wide.shared.md', lines.join('\n'))).toThrow(message);
  });

  it("a fact unknown in a front-matter field, at that field's line", () => {
    const text = ['---', 'updated: 2024-02-29', 'party: The data controller is', 'intro: The policy of {{company}}.', ...head, '---'].join(
      '\n',
    );
    expect(() => compileMarkdown('privacy.legal.md', text)).toThrow('privacy.legal.md:4: intro: {{company}} is not a fact');
  });

  it.each([
    ['a fact written with one brace each side', '{refundDays}', ':4: text: "{refundDays}": a fact is written {{name}}'],
    ['a fact left unclosed', '{{refundDays}', ':4: text: "{{refundDays}": a fact is written {{name}}'],
    [
      'a mistyped fact, with the name it most likely meant',
      '{{refundDay}}',
      ':4: text: {{refundDay}} is not a fact of shared/content/facts.ts (did you mean {{refundDays}}?)',
    ],
  ])('%s: never shown as it is written', (_fault, written, message) => {
    const text = ['---', '---', '## Refunds {#faq-refund}', `Within ${written} days.`].join('\n');
    expect(() => compileMarkdown('questions.faq.md', text)).toThrow(`questions.faq.md${message}`);
  });

  it('a question without its answer, at the question', () => {
    const text = ['---', '---', '## Refunds? {#faq-refund}', '', 'Yes.', '', '## Email? {#faq-email}', ''].join('\n');
    expect(() => compileMarkdown('questions.faq.md', text)).toThrow(
      'questions.faq.md:7: text: "faq-email": a question needs its answer under it',
    );
  });

  it('front matter opened and never closed, and a date shown as written', () => {
    expect(() => compileMarkdown('terms.legal.md', '---\nupdated: 2024-02-29\n\n## Terms {#terms}\n')).toThrow(
      'terms.legal.md:1: front matter: opens with "---" here but no "---" line closes it',
    );
    const text = ['---', 'updated: 2026-13-27', 'party: We', 'intro: Hello.', ...head, '---'].join('\n');
    expect(() => compileMarkdown('terms.legal.md', text)).toThrow('terms.legal.md:2: updated: "2026-13-27" is not a day of the calendar');
  });

  it('stops the esbuild build that imports it', async () => {
    const failure = esbuild.build({
      stdin: { contents: "import terms from './missing-field.legal.md'; console.log(terms);", resolveDir: fixtures },
      bundle: true,
      write: false,
      logLevel: 'silent',
      plugins: [markdownContentPlugin()],
    });
    await expect(failure).rejects.toThrow('missing-field.legal.md:1: party: is required');
    // esbuild places the error in the Markdown file, at its line, and shows nothing of the module that imports it.
    const { errors } = (await failure.catch((error: unknown) => error)) as esbuild.BuildFailure;
    const shown = esbuild.formatMessagesSync(errors, { kind: 'error', color: false }).join('\n');
    expect(shown).toMatch(/^✘ \[ERROR\] \S*missing-field\.legal\.md:1: party: is required/);
    expect(shown).toMatch(/missing-field\.legal\.md:1:0:\n\s+1 │ ---/);
    expect(shown).not.toContain('<stdin>');
    expect(shown).not.toContain('import');
  });

  it('stops the build of a labels file with its fault alone, not one more for each module that imports a group of it', async () => {
    const failure = esbuild.build({
      stdin: {
        contents:
          "import { consent } from './labels/consent.labels.md'; import { consent as again } from './labels/consent.labels.md'; console.log(consent, again);",
        resolveDir: fixtures,
      },
      bundle: true,
      write: false,
      logLevel: 'silent',
      plugins: [markdownContentPlugin()],
    });
    const { errors } = (await failure.catch((error: unknown) => error)) as esbuild.BuildFailure;
    expect(errors.map((error) => error.text)).toEqual([
      expect.stringMatching(/consent\.labels\.md:4: consent\.acept: unknown field acept, did you mean accept\?$/),
    ]);
  });
});

describe('a valid Markdown file', () => {
  it("becomes a page's sections of cards, each with its id, icon and text, its comments left out", () => {
    const text = [
      '---',
      ...head,
      '---',
      '## Covers {#covers}',
      '',
      'Every month.',
      '',
      '<!-- why -->',
      '',
      '### Backups {{backupsPerDay}} times {#backups icon=backup}',
      '',
      'Off-site.',
    ];
    expect(compileMarkdown('copy.page.md', text.join('\n'))).toEqual({
      head: compiledHead,
      sections: [
        {
          source: 'copy.page.md:7',
          id: 'covers',
          title: 'Covers',
          blocks: [{ paragraph: ['Every month.'] }],
          cards: [
            {
              source: 'copy.page.md:13',
              title: ['Backups ', { fact: 'backupsPerDay' }, ' times'],
              id: 'backups',
              icon: 'backup',
              blocks: [{ paragraph: ['Off-site.'] }],
            },
          ],
        },
      ],
    });
  });

  it("gives a page's section the eyebrow its heading names, and a link the title that ends its name for screen readers", () => {
    const text = [
      '---',
      ...head,
      '---',
      '## Client Guarantee {#client-guarantee eyebrow="Our promise"}',
      '',
      '[Learn More](/about "about us")',
    ];
    expect(compileMarkdown('home.page.md', text.join('\n'))).toEqual({
      head: compiledHead,
      sections: [
        {
          source: 'home.page.md:7',
          id: 'client-guarantee',
          title: 'Client Guarantee',
          eyebrow: 'Our promise',
          blocks: [{ paragraph: [{ href: '/about', children: ['Learn More'], title: 'about us' }] }],
          cards: [],
        },
      ],
    });
  });

  it('becomes sections of paragraphs, lists, links and the facts it names', () => {
    const text = [
      '---',
      'updated: 2024-02-29',
      'party: A contract with',
      'intro: The terms of {{brand}}.',
      ...head,
      '---',
      '',
      '## Refunds {#refunds}',
      '',
      'Within {{refundDays}} days, **in full**; see the [plans](/services/shared-hosting#pricing).',
      '',
      '- One',
      '- Two',
    ].join('\n');
    expect(compileMarkdown('terms.legal.md', text)).toEqual({
      head: compiledHead,
      updated: '2024-02-29',
      party: 'A contract with',
      intro: ['The terms of ', { fact: 'brand' }, '.'],
      sections: [
        {
          source: 'terms.legal.md:11',
          id: 'refunds',
          title: 'Refunds',
          blocks: [
            {
              paragraph: [
                'Within ',
                { fact: 'refundDays' },
                ' days, ',
                { strong: ['in full'] },
                '; see the ',
                { href: '/services/shared-hosting#pricing', children: ['plans'] },
                '.',
              ],
            },
            { list: [['One'], ['Two']] },
          ],
        },
      ],
    });
  });
});

describe('what a page asks of its copy, checked as it renders (a page that cannot render stops the start-up)', () => {
  const site = loadConfig({}).site;
  const copy = compileMarkdown(
    'copy.page.md',
    ['---', ...head, '---', '## Covers {#covers}', '', 'One.', '', 'Two.', '', '### Updates', '', 'Weekly.'].join('\n'),
  ) as PageMarkdown;

  it('names the section the page wants and its copy lacks', () => {
    expect(() => sectionOf(copy, 'steps')).toThrow("The page's copy has no section {#steps}");
  });

  it('refuses a call to action without its one link, and a list of links with an item that is not one link', () => {
    const page = compileMarkdown(
      'copy.page.md',
      [
        '---',
        ...head,
        '---',
        '## Ask us {#ask}',
        '',
        'We answer.',
        '',
        'Write to us.',
        '',
        '## Popular {#popular}',
        '',
        '- [Plans](/services)',
        '- Plain words',
      ].join('\n'),
    ) as PageMarkdown;
    expect(() => callToActionOf(sectionOf(page, 'ask'), site)).toThrow('Section {#ask} must hold one link here, always configured');
    expect(() => linkListOf('Section {#popular}', sectionOf(page, 'popular').blocks[0], site)).toThrow(
      'Section {#popular} must hold a list of links here, one to an item',
    );
  });

  it('a link to a configured address goes where the configuration says, and one left unset is left out', () => {
    const page = compileMarkdown(
      'contact.page.md',
      [
        '---',
        ...head,
        '---',
        '## Reach us {#reach}',
        '',
        'Or [chat](config:liveChat) with us.',
        '',
        '- [Chat](config:liveChat)',
        '- [Status](config:statusPage)',
        '- [Mail](config:email)',
      ].join('\n'),
    ) as PageMarkdown;
    const reach = sectionOf(page, 'reach');
    const withChat = loadConfig({ LIVE_CHAT_URL: 'https://chat.acme.example', STATUS_PAGE_URL: 'https://status.acme.example' }).site;
    expect(linkListOf('Section {#reach}', reach.blocks[1], withChat)).toEqual([
      { label: 'Chat', href: 'https://chat.acme.example' },
      { label: 'Status', href: 'https://status.acme.example' },
      { label: 'Mail', href: `mailto:${withChat.supportEmail}` },
    ]);
    expect(linkListOf('Section {#reach}', reach.blocks[1], site).map(({ label }) => label)).toEqual(['Status', 'Mail']);
    expect(() =>
      compileMarkdown('contact.page.md', ['---', ...head, '---', '## Reach us {#reach}', '', '[Status](config:statuspage)'].join('\n')),
    ).toThrow('contact.page.md:9: link: "config:statuspage" is not an address the configuration gives (did you mean config:statusPage?)');
  });

  it('refuses an intro of two paragraphs, and a card drawn without an icon', () => {
    const covers = sectionOf(copy, 'covers');
    expect(() => introOf(covers, site)).toThrow('copy.page.md:7: Section {#covers} must hold one paragraph');
    expect(() => featuresOf(covers, site)).toThrow('copy.page.md:13: Card "Updates" of section {#covers} names no {icon=…}');
  });
});

describe('scripts run under tsx that load the pages', () => {
  const scripts: Record<string, string> = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')).scripts;

  it('register the Markdown hooks (build and dev compile the Markdown through esbuild instead)', () => {
    const underTsx = Object.entries(scripts).filter(
      ([name, command]) => command.includes('--import tsx') && !['build', 'dev'].includes(name),
    );
    expect(underTsx.map(([name]) => name)).toEqual(expect.arrayContaining(['bench', 'search-relevance', 'lighthouse']));
    for (const [name, command] of underTsx)
      expect({ name, command }).toEqual({ name, command: expect.stringContaining('--import ./scripts/markdown-hooks.ts') });
  });
});

describe('a labels file (shared/content/*.labels.md)', () => {
  const file = 'shared/content/consent.labels.md';
  const text = readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
  /** The file with one line of it changed, found by its start. */
  const edited = (start: string, line: string) =>
    text
      .split('\n')
      .map((written) => (written.trimStart().startsWith(start) ? line : written))
      .join('\n');

  it('compiles to one export per group, so that a bundle keeps the groups it reads', () => {
    const module = markdownModule(file, text);
    expect(module).toMatch(/^export const consent = \{/m);
    expect(module).toMatch(/^export default \{ consent \};$/m);
  });

  it.each([
    [
      'a misspelt label, with the one it meant',
      edited('accept:', '  acept: Accept'),
      ':6: consent.acept: unknown field acept, did you mean accept?',
    ],
    ['a label left out', edited('reject:', ''), ':5: consent.reject: is required: write the words the control shows'],
    ['an empty label', edited('reject:', '  reject: ""'), ':7: consent.reject: "" must not be empty'],
    ['a group the file does not have', text.replace('consent:', 'consnt:'), ':5: consnt: unknown field consnt, did you mean consent?'],
    ['words under the front matter', `${text}\nAccept all\n`, ':15: text: the labels are the front matter alone'],
  ])('refuses %s, at its line', (_fault, written, message) => {
    expect(() => compileLabels(file, written)).toThrow(`${file}${message}`);
  });

  it('refuses a {placeholder} the control does not fill, or one it fills left out, naming the ones it fills', () => {
    const header = 'shared/content/header.labels.md';
    const words = readFileSync(join(import.meta.dirname, '..', '..', header), 'utf8');
    expect(() => compileLabels(header, words.replace('call: Call {phone}', 'call: Call {phon}'))).toThrow(
      /header\.labels\.md:\d+: header\.call: "Call \{phon\}" names \{phon\}, which nothing fills here \(it fills \{phone\}\)/,
    );
    expect(() => compileLabels(header, words.replace('call: Call {phone}', 'call: Call us'))).toThrow(
      /header\.labels\.md:\d+: header\.call: "Call us" must name \{phone\}, filled in where it shows/,
    );
    expect(() => compileLabels(header, words.replace('result: "{count} result"', 'result: {count} result'))).toThrow(
      'a value starting with { is written in double quotes',
    );
    // Alone, YAML reads it as a map: said the same way.
    expect(() => compileLabels(header, words.replace('result: "{count} result"', 'result: {count}'))).toThrow(
      /header\.labels\.md:\d+: search\.result: .*a value starting with \{ is written in double quotes/,
    );
  });

  it("refuses a plan's words under an id that is not a plan's, or a plan left without them, at the line", () => {
    const plansFile = 'shared/content/plan-details.labels.md';
    const words = readFileSync(join(import.meta.dirname, '..', '..', plansFile), 'utf8');
    // A group's line, counted from 1: its labels follow it, one a line.
    const groupLine = (group: string) => words.split('\n').indexOf(`${group}:`) + 1;
    const misspelt = words.replace(/^(descriptions:\n {2})starter:/m, '$1strater:');
    expect(() => compileLabels(plansFile, misspelt)).toThrow(
      `${plansFile}:${groupLine('descriptions') + 1}: descriptions.strater: unknown field strater, did you mean starter?`,
    );
    const withoutMax = words.replace(/^(resources:\n(?: {2}.*\n)*?) {2}max: .*\n/m, '$1');
    expect(withoutMax).not.toBe(words);
    expect(() => compileLabels(plansFile, withoutMax)).toThrow(`${plansFile}:${groupLine('resources')}: resources.max: is required`);
  });

  it('refuses a labels file the site does not read', () => {
    expect(() => compileLabels('shared/content/footer.labels.md', text)).toThrow(
      'shared/content/footer.labels.md:1: file name: a labels file is one of header.labels.md, forms.labels.md',
    );
  });
});

describe('an esbuild context rebuilt after each save (npm run dev)', () => {
  it('compiles a saved file again, reports a fault saved into it, and recovers when it is fixed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'markdown-rebuild-'));
    const file = join(folder, 'copy.page.md');
    const save = (title: string) => writeFileSync(file, ['---', ...head, '---', `## ${title} {#covers}`, '', 'Every month.'].join('\n'));
    const context = await esbuild.context({
      stdin: { contents: "import copy from './copy.page.md'; console.log(copy);", resolveDir: folder },
      bundle: true,
      write: false,
      logLevel: 'silent',
      plugins: [markdownContentPlugin()],
    });
    const built = async () => (await context.rebuild()).outputFiles[0]!.text;
    try {
      save('First title');
      expect(await built()).toContain('First title');
      save('Second title');
      const second = await built();
      expect(second).toContain('Second title');
      expect(second).not.toContain('First title');
      writeFileSync(file, ['---', ...head.slice(1), '---'].join('\n'));
      await expect(built()).rejects.toThrow('copy.page.md:1: path: is required');
      save('First title');
      expect(await built()).toContain('First title');
    } finally {
      await context.dispose();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
