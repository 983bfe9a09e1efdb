// The content modules: plans and business constants as the specification
// states them, each written once.
import { describe, expect, it } from 'vitest';
import { business, formatLegalDate, formatUsd } from '../../shared/content/business.js';
import { freeMonths, plans } from '../../shared/content/plans.js';
import { homeFeatures, testimonials } from '../../shared/content/home.js';
import { sectionOf } from '../../shared/content/markdown.js';
import sharedHosting from '../../shared/pages/shared-hosting/shared-hosting.page.md';
import acceptableUse from '../../shared/pages/aup/aup.legal.md';
import { contactFields, contactTopics, isEmail, validateContact } from '../../shared/content/forms.js';
import { brandColours, themeColours } from '../../shared/brand.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('plans', () => {
  it('are Starter, Pro (recommended) and Max at $12, $18 and $24 a month', () => {
    expect(plans.map((plan) => [plan.name, plan.monthlyPrice, plan.yearlyPrice, Boolean(plan.recommended)])).toEqual([
      ['Starter', 12, 120, false],
      ['Pro', 18, 180, true],
      ['Max', 24, 240, false],
    ]);
  });

  it('give two months free on a yearly term', () => {
    for (const plan of plans) expect(freeMonths(plan)).toBe(2);
  });

  it('carry the storage, bandwidth, resources and accelerator of the specification', () => {
    expect(plans.map((plan) => [plan.storageGb, plan.bandwidth, plan.resources, plan.accelerator])).toEqual([
      [15, '100GB', 'Basic', 'AccelerateWP Basic'],
      [25, 'Unlimited', 'Optimized (2x)', 'AccelerateWP Basic'],
      [50, 'Unlimited', 'Turbo (3x)', 'AccelerateWP Premium'],
    ]);
  });
});

describe('business constants', () => {
  it('formats the legal date and prices in US English', () => {
    expect(formatLegalDate(acceptableUse.updated)).toBe('June 4, 2023');
    expect(formatUsd(business.overagePerGb)).toBe('$0.02');
    expect(formatUsd(12)).toBe('$12');
  });

  it('lists six home features, six hosting features, two testimonials and eight prohibited uses', () => {
    expect(homeFeatures({}).map((f) => f.title)).toEqual([
      'Fast Speeds',
      'Secure Data',
      '99.9% Uptime',
      '24/7 Support',
      'Scalable Plans',
      'Developer Friendly',
    ]);
    expect(sectionOf(sharedHosting, 'hosting-features').cards).toHaveLength(6);
    expect(testimonials).toHaveLength(2);
    const prohibitedUses = acceptableUse.sections
      .find((section) => section.id === 'prohibited-uses')!
      .blocks.find((block) => 'list' in block);
    expect(prohibitedUses && 'list' in prohibitedUses && prohibitedUses.list).toHaveLength(8);
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
    expect(checkTopic(begun).message).toBe('Enter your message.');
    expect(checkTopic(`  ${begun.trim()}  `).message).toBe('Enter your message.');
    expect(checkTopic(`${begun}three WordPress sites`)).toEqual({});
    // Only the message begins with the topic: the same words in another field are an answer.
    const named = validateContact((name) => ({ ...valid, message: 'A quote.', name: begun })[name] ?? '', begun);
    expect(named).toEqual({});
  });

  it('labels the subject field Phone and gives every field a length limit', () => {
    expect(contactFields.find((f) => f.name === 'subject')).toMatchObject({ label: 'Phone', type: 'tel' });
    for (const field of contactFields) expect(field.maxLength).toBeGreaterThan(0);
  });

  it('explains a malformed email, phone or website', () => {
    expect(check({ email: 'ada@' }).email).toMatch(/email address/);
    expect(check({ subject: 'call me' }).subject).toMatch(/phone number/);
    expect(check({ website: 'not a site' }).website).toMatch(/web address/);
    expect(check({ message: 'x'.repeat(5001) }).message).toBe('Message is 1 character too long: 5,000 characters at most.');
    expect(check({ message: 'x'.repeat(6750) }).message).toBe('Message is 1,750 characters too long: 5,000 characters at most.');
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
