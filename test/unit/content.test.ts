// The content modules: plans and business constants, each written once, held to
// the rules the pages rely on (not to their figures, which editors change).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { business, formatLegalDate, formatUsd } from '../../shared/content/business.js';
import { consentScript } from '../../shared/consent-script.js';
import { featureIconNames } from '../../shared/content/icons.js';
import { planRows } from '../../shared/content/plan-rows.js';
import { freeMonths, plans } from '../../shared/content/plans.js';
import { featuresOf, sectionOf, testimonialsOf } from '../../shared/content/markdown.js';
import home from '../../shared/pages/home/home.page.md';
import sharedHosting from '../../shared/pages/shared-hosting/shared-hosting.page.md';
import acceptableUse from '../../shared/pages/aup/aup.legal.md';
import { characters, contactFields, contactTopics, isEmail, validateContact } from '../../shared/content/forms.js';
import { brandColours, themeColours } from '../../shared/brand.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labels } from '../support/labels.js';
import { fill } from '../../shared/content/labels.js';

describe('plans', () => {
  it('have names of their own and one recommended plan', () => {
    expect(new Set(plans.map((plan) => plan.name)).size).toBe(plans.length);
    expect(plans.filter((plan) => plan.recommended)).toHaveLength(1);
  });

  it('give every plan the same whole number of free months on a yearly term: the billing switch states one', () => {
    const [first] = plans;
    expect(Number.isInteger(freeMonths(first))).toBe(true);
    expect(freeMonths(first)).toBeGreaterThan(0);
    for (const plan of plans) expect(freeMonths(plan), plan.name).toBe(freeMonths(first));
  });

  it('have a value for every row of the comparison', () => {
    for (const plan of plans) for (const row of planRows) expect(row.value(plan), `${plan.name}: ${row.label}`).toMatch(/\S/);
  });
});

describe('business constants', () => {
  it('ask for analytics consent again after the months the Privacy Policy states, counted by the consent script as days', () => {
    const renewAfterMs = (business.consentRenewalMonths / 12) * 365 * 24 * 60 * 60 * 1000;
    expect(consentScript('required')).toContain(`Date.now() - saved.at < ${renewAfterMs})`);
  });

  it('formats legal dates and prices in US English', () => {
    expect(formatLegalDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatLegalDate(acceptableUse.updated)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(formatUsd(0.02)).toBe('$0.02');
    expect(formatUsd(12)).toBe('$12');
  });

  it('draws every card with an icon, and lists the prohibited uses', () => {
    for (const id of ['features', 'client-guarantee']) {
      for (const feature of featuresOf(sectionOf(home, id), loadConfig({}).site)) expect(featureIconNames).toContain(feature.icon);
    }
    for (const card of sectionOf(sharedHosting, 'hosting-features').cards) expect(featureIconNames).toContain(card.icon);
    expect(testimonialsOf(sectionOf(home, 'testimonials'), loadConfig({}).site).length).toBeGreaterThan(0);
    const prohibitedUses = acceptableUse.sections
      .find((section) => section.id === 'prohibited-uses')!
      .blocks.find((block) => 'list' in block);
    expect(prohibitedUses && 'list' in prohibitedUses && prohibitedUses.list.length).toBeGreaterThan(0);
  });
});

describe('contact form rules', () => {
  const valid = { name: 'Ada', company: '', website: '', email: 'ada@example.com', subject: '+1 555 010 0100', message: 'Hello' };
  const check = (values: Partial<typeof valid>) => validateContact((name) => ({ ...valid, ...values })[name] ?? '');

  it('requires name, email, phone and message, and nothing else', () => {
    expect(contactFields.filter((f) => f.required).map((f) => f.name)).toEqual(['name', 'email', 'subject', 'message']);
    expect(check({})).toEqual({});
    expect(Object.keys(check({ name: ' ', email: '', subject: '', message: '' }))).toEqual(['name', 'email', 'subject', 'message']);
  });

  it('takes a topic form’s opening words alone for no message, and anything added to them for one', () => {
    const begun = contactTopics.migration.message;
    const checkTopic = (message: string) => validateContact((name) => ({ ...valid, message })[name] ?? '', begun);
    const noMessage = fill(labels.contactForm.missing, { field: labels.contactForm.message.toLowerCase() });
    expect(checkTopic(begun).message).toBe(noMessage);
    expect(checkTopic(`  ${begun.trim()}  `).message).toBe(noMessage);
    expect(checkTopic(`${begun}three WordPress sites`)).toEqual({});
    // Only the message begins with the topic: the same words in another field are an answer.
    const named = validateContact((name) => ({ ...valid, message: 'A quote.', name: begun })[name] ?? '', begun);
    expect(named).toEqual({});
  });

  it('labels the subject field Phone and gives every field a length limit', () => {
    expect(contactFields.find((f) => f.name === 'subject')).toMatchObject({ label: labels.contactForm.phone, type: 'tel' });
    for (const field of contactFields) expect(field.maxLength).toBeGreaterThan(0);
  });

  it('explains a malformed email, phone or website, and how much too long a message is', () => {
    const empty = check({ email: '', subject: '', website: '' });
    for (const [field, value] of [
      ['email', 'ada@'],
      ['subject', 'call me'],
      ['website', 'not a site'],
    ] as const) {
      expect(check({ [field]: value })[field], field).toMatch(/\S/);
      expect(check({ [field]: value })[field], field).not.toBe(empty[field]);
    }
    const tooLong = (excess: number) =>
      fill(labels.contactForm.tooLong, { field: labels.contactForm.message, excess: characters(excess), limit: characters(5000) });
    expect(check({ message: 'x'.repeat(5001) }).message).toBe(tooLong(1));
    expect(check({ message: 'x'.repeat(6750) }).message).toBe(tooLong(1750));
    // One character, and more, as a visitor reads them.
    expect(characters(1)).toBe(fill(labels.contactForm.character, { count: 1 }));
    expect(characters(5000)).toBe(fill(labels.contactForm.characters, { count: '5,000' }));
  });

  it('accepts the email addresses browsers accept', () => {
    expect(isEmail('first.last+tag@sub.example.co')).toBe(true);
    expect(isEmail('no-at-sign.example.com')).toBe(false);
    expect(isEmail('two@@example.com')).toBe(false);
  });
});

describe('the brand', () => {
  it('has one set of colours: the stylesheet’s blues are the brand module’s', () => {
    const css = readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'styles', 'site.css'), 'utf8');
    expect(css).toContain(`--blue-700: ${brandColours.primary};`);
    expect(css).toContain(`--blue-900: ${brandColours.deep};`);
  });

  it('colours the browser toolbar like the page in the dark theme', () => {
    const css = readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'styles', 'site.css'), 'utf8');
    const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    expect(dark).toContain(`--surface: ${themeColours.dark};`);
  });
});
