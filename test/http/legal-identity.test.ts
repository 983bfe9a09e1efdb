// The company's legal identity (LEGAL_NAME, LEGAL_ADDRESS,
// COMPANY_REGISTRATION_NUMBER, VAT_ID), where visitors and the law expect it
// when the operator sets it, and nowhere when not. The structured data is read
// by a JSON-LD processor, as search engines read it, not matched as text.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config.js';
import { testApp } from '../support/app.js';
import { visibleText } from '../support/html.js';
import { jsonLdTriples, propertiesOf, schema, subjectsOfType } from '../support/json-ld.js';
import { routes } from '../../shared/routes.js';
import acceptableUse from '../../shared/pages/aup/aup.legal.md';
import privacy from '../../shared/pages/privacy/privacy.legal.md';
import terms from '../../shared/pages/terms/terms.legal.md';
import { fixedWords, labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';

/** Each legal document names the company as its party, after the words of its own Markdown. */
const legalDocuments = [
  ['/terms', terms],
  ['/privacy', privacy],
  ['/aup', acceptableUse],
] as const;

const identity = {
  LEGAL_NAME: 'Example Hosting Services Ltd',
  LEGAL_ADDRESS: '1 Example Street, Example City, EX1 2MP, United Kingdom',
  COMPANY_REGISTRATION_NUMBER: '01234567',
  VAT_ID: 'gb 123 456 789',
};
const line = [
  'Example Hosting Services Ltd',
  '1 Example Street, Example City, EX1 2MP, United Kingdom',
  fill(labels.legal.companyNumber, { number: '01234567' }),
  fill(labels.legal.vat, { vat: 'GB123456789' }),
].join(', ');

const text = async (app: ReturnType<typeof testApp>, path: string) => visibleText((await request(app).get(path).expect(200)).text);

const organizationId = 'https://www.example.com/#organization';

/**
 * The Organization as a structured-data parser reads it from each page that
 * describes it (Home, and Contact as its main entity): the page's JSON-LD
 * expanded by a JSON-LD processor into triples, and what they say of it.
 */
async function organizations(app: ReturnType<typeof testApp>): Promise<Map<string, Record<string, string[]>>> {
  const found = new Map<string, Record<string, string[]>>();
  for (const route of routes.filter((r) => r.status === 200 && !r.perRequest)) {
    const triples = await jsonLdTriples((await request(app).get(route.path).expect(200)).text);
    const subjects = subjectsOfType(triples, 'Organization');
    if (subjects.length === 0) continue;
    expect(subjects, route.path).toEqual([organizationId]);
    found.set(route.path, propertiesOf(triples, organizationId));
  }
  expect([...found.keys()]).toEqual(['/', '/contact']);
  return found;
}

/** The legal identity's properties, as IRIs, and what is not part of it. */
const legalProperties = ['legalName', 'address', 'vatID', 'identifier'].map(schema);

describe('with the legal identity configured', () => {
  const app = testApp(identity);

  it('names the company in the footer of every page, on Contact, and as the party to each legal document', async () => {
    for (const path of ['/', '/about', '/services/shared-hosting'])
      expect(await text(app, path)).toContain(`${fill(labels.legal.runBy, { brand: 'Example Hosting' })} ${line}.`);
    expect(await text(app, '/contact')).toContain(line);
    for (const [path, document] of legalDocuments) expect(await text(app, path)).toContain(`${document.party} ${line}.`);
  });

  it('gives the Organization its legal name, address, VAT number and registration number in the structured data of every page that describes it', async () => {
    for (const [path, organization] of await organizations(app)) {
      expect(organization, path).toMatchObject({
        [schema('name')]: ['Example Hosting'],
        [schema('legalName')]: [identity.LEGAL_NAME],
        [schema('address')]: [identity.LEGAL_ADDRESS],
        [schema('vatID')]: ['GB123456789'],
        [schema('identifier')]: ['01234567'],
      });
    }
  });

  it('shows only the parts that are set', async () => {
    const partial = testApp({ LEGAL_NAME: 'Example Hosting Services Ltd' });
    expect(await text(partial, '/terms')).toContain(`${terms.party} Example Hosting Services Ltd.`);
    for (const [path, organization] of await organizations(partial)) {
      expect(organization[schema('legalName')], path).toEqual(['Example Hosting Services Ltd']);
      for (const property of legalProperties.slice(1)) expect(organization, path).not.toHaveProperty([property]);
    }
  });
});

describe('without it', () => {
  const app = testApp();

  it('shows nothing of it anywhere', async () => {
    for (const path of ['/', '/contact', '/terms', '/privacy', '/aup']) {
      const page = await text(app, path);
      for (const label of [labels.legal.companyNumber, labels.legal.vat, labels.legal.runBy])
        for (const words of fixedWords(label)) expect(page).not.toContain(words);
      for (const [, document] of legalDocuments) expect(page).not.toContain(document.party);
    }
    for (const [path, organization] of await organizations(app)) {
      expect(organization[schema('name')], path).toEqual(['Example Hosting']);
      for (const property of legalProperties) expect(organization, path).not.toHaveProperty([property]);
    }
  });
});

describe('a bad value', () => {
  it.each([
    [{ LEGAL_NAME: 'A' }, 'LEGAL_NAME: must be at least 2 characters'],
    [{ LEGAL_NAME: 'Acme <script>' }, 'LEGAL_NAME: must be one line without angle brackets'],
    [{ LEGAL_ADDRESS: 'Line one\nLine two' }, 'LEGAL_ADDRESS: must be one line without angle brackets'],
    [{ COMPANY_REGISTRATION_NUMBER: '#1' }, 'COMPANY_REGISTRATION_NUMBER: must be 2–40 letters, digits, spaces, dots, slashes or hyphens'],
    [{ VAT_ID: '123456789' }, 'VAT_ID: must be a VAT number with its country prefix, such as GB123456789 or DE123456789'],
  ])('%o stops start-up naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
