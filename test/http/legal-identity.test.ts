// The company's legal identity (LEGAL_NAME, LEGAL_ADDRESS,
// COMPANY_REGISTRATION_NUMBER, VAT_ID), where visitors and the law expect it
// when the operator sets it, and nowhere when not.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config.js';
import { testApp } from '../support/app.js';
import { visibleText } from '../support/html.js';

const identity = {
  LEGAL_NAME: 'Example Hosting Services Ltd',
  LEGAL_ADDRESS: '1 Example Street, Example City, EX1 2MP, United Kingdom',
  COMPANY_REGISTRATION_NUMBER: '01234567',
  VAT_ID: 'gb 123 456 789',
};
const line =
  'Example Hosting Services Ltd, 1 Example Street, Example City, EX1 2MP, United Kingdom, company number 01234567, VAT GB123456789';

const text = async (app: ReturnType<typeof testApp>, path: string) => visibleText((await request(app).get(path).expect(200)).text);

/** The Organization node of the home page's JSON-LD, read as a structured-data consumer reads it. */
async function organization(app: ReturnType<typeof testApp>): Promise<Record<string, unknown>> {
  const html = (await request(app).get('/').expect(200)).text;
  const graph = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) => {
    const parsed = JSON.parse(m[1]!) as Record<string, unknown>;
    return (parsed['@graph'] as Record<string, unknown>[] | undefined) ?? [parsed];
  });
  const found = graph.find((thing) => thing['@type'] === 'Organization');
  if (!found) throw new Error('no Organization in the home page’s JSON-LD');
  return found;
}

describe('with the legal identity configured', () => {
  const app = testApp(identity);

  it('names the company in the footer of every page, on Contact, and as the party to each legal document', async () => {
    for (const path of ['/', '/about', '/services/shared-hosting'])
      expect(await text(app, path)).toContain(`Example Hosting is run by ${line}.`);
    expect(await text(app, '/contact')).toContain(line);
    expect(await text(app, '/terms')).toContain(`These terms are a contract between you and ${line}.`);
    expect(await text(app, '/privacy')).toContain(`The data controller is ${line}.`);
    expect(await text(app, '/aup')).toContain(`This policy is part of your contract with ${line}.`);
  });

  it('gives the Organization its legal name, address, VAT number and registration number in the structured data', async () => {
    expect(await organization(app)).toMatchObject({
      '@type': 'Organization',
      name: 'Example Hosting',
      legalName: identity.LEGAL_NAME,
      address: identity.LEGAL_ADDRESS,
      vatID: 'GB123456789',
      identifier: '01234567',
    });
  });

  it('shows only the parts that are set', async () => {
    const partial = testApp({ LEGAL_NAME: 'Example Hosting Services Ltd' });
    expect(await text(partial, '/terms')).toContain('These terms are a contract between you and Example Hosting Services Ltd.');
    const org = await organization(partial);
    expect(org.legalName).toBe('Example Hosting Services Ltd');
    expect(org).not.toHaveProperty('vatID');
  });
});

describe('without it', () => {
  const app = testApp();

  it('shows nothing of it anywhere', async () => {
    for (const path of ['/', '/contact', '/terms', '/privacy', '/aup']) {
      const page = await text(app, path);
      expect(page).not.toMatch(/company number|VAT |is run by|data controller is|contract between you and/);
    }
    const org = await organization(app);
    for (const property of ['legalName', 'address', 'vatID', 'identifier']) expect(org).not.toHaveProperty(property);
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
