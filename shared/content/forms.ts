// The forms' fields and their rules, shared by the markup, the in-browser
// validation and the tests; their words are in forms.labels.md. Length
// limits are not in the specification; these are the bounds common billing
// portals accept.
import { contactForm as labels, newsletter as newsletterLabels } from './forms.labels.md';
import { fill } from './labels.js';
export type ContactFieldName = 'name' | 'company' | 'website' | 'email' | 'subject' | 'message';

export interface ContactField {
  name: ContactFieldName;
  label: string;
  type: 'text' | 'email' | 'tel' | 'url';
  required: boolean;
  maxLength: number;
  autoComplete: string;
  /** A long answer: a textarea whose limit its label states, counted as the text nears it (ContactForm). */
  multiline?: boolean;
  /** The rule as an HTML pattern, so that the browser's own validation applies it without JavaScript. */
  pattern?: string;
  /** The rule in words, for the browser's message when the pattern is not met. */
  format?: string;
}

// Each rule is written once, in a form both an HTML pattern attribute (which
// browsers compile with the v flag, where ( ) / - must be escaped inside a
// class) and a plain JavaScript RegExp accept.
/** A phone number as people write it: digits, spaces, ( ) . - and a leading +. */
const phoneInput = String.raw`\+?[0-9 \(\)\.\-]{7,30}`;
/** A web address as people type it: a domain with at least one dot, with or without http(s)://, a port or a path. */
const webAddressInput = String.raw`(https?:\/\/)?[^\s\/?#:.@]+(\.[^\s\/?#:.@]+)+(:[0-9]{1,5})?([\/?#]\S*)?`;

export const contactFields: ContactField[] = [
  { name: 'name', label: labels.name, type: 'text', required: true, maxLength: 100, autoComplete: 'name' },
  { name: 'company', label: labels.company, type: 'text', required: false, maxLength: 100, autoComplete: 'organization' },
  {
    name: 'website',
    label: labels.website,
    type: 'url',
    required: false,
    maxLength: 200,
    autoComplete: 'url',
    pattern: webAddressInput,
    format: labels.websiteFormat,
  },
  { name: 'email', label: labels.email, type: 'email', required: true, maxLength: 254, autoComplete: 'email' },
  // The portal's endpoint takes the phone number in its "subject" field.
  {
    name: 'subject',
    label: labels.phone,
    type: 'tel',
    required: true,
    maxLength: 30,
    autoComplete: 'tel',
    pattern: phoneInput,
    format: labels.phoneFormat,
  },
  { name: 'message', label: labels.message, type: 'text', required: true, maxLength: 5000, autoComplete: 'off', multiline: true },
];

/**
 * Calls to action that land on the contact form with their topic filled. Each
 * has its own address, /contact#<id>: the contact page carries one form per
 * topic, and the stylesheet shows the one the address names (:target), so it
 * works without JavaScript and the page stays one cached document.
 */
export interface ContactTopic {
  id: string;
  /** What the visitor asked about, shown above the form. */
  label: string;
  /** The message the form starts with. */
  message: string;
}

export const contactTopics = {
  migration: { id: 'topic-migration', label: labels.topicMigration, message: labels.topicMigrationMessage },
  cloudCompute: { id: 'topic-cloud-compute', label: labels.topicCloudCompute, message: labels.topicCloudComputeMessage },
} satisfies Record<string, ContactTopic>;

export type ContactErrors = Partial<Record<ContactFieldName, string>>;

/** A number of characters as a visitor reads it: "5,000 characters", "1 character". */
export const characters = (n: number) => fill(n === 1 ? labels.character : labels.characters, { count: n.toLocaleString('en-US') });

// The same shape browsers accept for type=email (WHATWG HTML), so the message
// and the browser never disagree.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** The one rule for visitors' phone numbers and the configured SUPPORT_PHONE. */
export const phonePattern = new RegExp(`^(?:${phoneInput})$`);
const webAddressPattern = new RegExp(`^(?:${webAddressInput})$`, 'i');

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/**
 * What a visitor typed as their website, as a full address: people type
 * "mysite.com" or "www.mysite.com", and the portal is sent
 * "https://mysite.com". Undefined when it is not a web address.
 */
export function normalisedWebAddress(typed: string): string | undefined {
  const value = typed.trim();
  if (!webAddressPattern.test(value)) return undefined;
  const full = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  return URL.canParse(full) ? full : undefined;
}

/** The fields' errors; `begun` is the text a topic's message starts with, which alone is no message (of the message field only). */
export function validateContact(get: (name: ContactFieldName) => string, begun?: string): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    const value = get(field.name).trim();
    if (field.required && (!value || (field.multiline && value === begun?.trim()))) {
      errors[field.name] = fill(labels.missing, { field: field.label.toLowerCase() });
    } else if (value.length > field.maxLength) {
      // How much to cut, so the visitor can shorten their own text rather than lose its end.
      errors[field.name] = fill(labels.tooLong, {
        field: field.label,
        excess: characters(value.length - field.maxLength),
        limit: characters(field.maxLength),
      });
    } else if (value && field.type === 'email' && !isEmail(value)) {
      errors[field.name] = labels.invalidEmail;
    } else if (value && field.type === 'tel' && !phonePattern.test(value)) {
      errors[field.name] = labels.invalidPhone;
    } else if (value && field.type === 'url' && !normalisedWebAddress(value)) {
      errors[field.name] = labels.invalidWebsite;
    }
  }
  return errors;
}

/** What the form's island needs; the section's text around it is the contact page's copy (contact.page.md). */
export const newsletter = {
  placeholder: newsletterLabels.example,
  /** Bots fill every field; people never see this one. */
  honeypotName: 'b_hp_newsletter',
  messages: {
    empty: newsletterLabels.empty,
    invalid: newsletterLabels.invalid,
    success: newsletterLabels.success,
  },
};
