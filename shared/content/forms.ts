// The forms' fields and their rules, shared by the markup, the in-browser
// validation and the tests. Length limits are not in the specification; these
// are the bounds common billing portals accept.
export type ContactFieldName = 'name' | 'company' | 'website' | 'email' | 'subject' | 'message';

export interface ContactField {
  name: ContactFieldName;
  label: string;
  type: 'text' | 'email' | 'tel' | 'url';
  required: boolean;
  maxLength: number;
  autoComplete: string;
  multiline?: boolean;
}

export const contactFields: ContactField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 100, autoComplete: 'name' },
  { name: 'company', label: 'Company', type: 'text', required: false, maxLength: 100, autoComplete: 'organization' },
  { name: 'website', label: 'Website', type: 'url', required: false, maxLength: 200, autoComplete: 'url' },
  { name: 'email', label: 'Email', type: 'email', required: true, maxLength: 254, autoComplete: 'email' },
  // The portal's endpoint takes the phone number in its "subject" field.
  { name: 'subject', label: 'Phone', type: 'tel', required: true, maxLength: 30, autoComplete: 'tel' },
  { name: 'message', label: 'Message', type: 'text', required: true, maxLength: 5000, autoComplete: 'off', multiline: true },
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
  migration: { id: 'topic-migration', label: 'a free website migration', message: 'Free website migration: ' },
  cloudCompute: { id: 'topic-cloud-compute', label: 'a Cloud Compute (VPS) quote', message: 'Cloud Compute (VPS) quote: ' },
} satisfies Record<string, ContactTopic>;

export type ContactErrors = Partial<Record<ContactFieldName, string>>;

// The same shape browsers accept for type=email (WHATWG HTML), so the message
// and the browser never disagree.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** A phone number as people write it: digits, spaces, ( ) . - and a leading +. The one rule for visitors' numbers and the configured SUPPORT_PHONE. */
export const phonePattern = /^\+?[0-9 ().-]{7,30}$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

function isWebAddress(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function validateContact(get: (name: ContactFieldName) => string): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    const value = get(field.name).trim();
    if (field.required && !value) {
      errors[field.name] = `Enter your ${field.label.toLowerCase()}.`;
    } else if (value.length > field.maxLength) {
      errors[field.name] = `${field.label} must be at most ${field.maxLength} characters.`;
    } else if (value && field.type === 'email' && !isEmail(value)) {
      errors[field.name] = 'Enter an email address like name@example.com.';
    } else if (value && field.type === 'tel' && !phonePattern.test(value)) {
      errors[field.name] = 'Enter a phone number using digits, spaces and + ( ) - only.';
    } else if (value && field.type === 'url' && !isWebAddress(value)) {
      errors[field.name] = 'Enter a full web address, like https://www.example.com.';
    }
  }
  return errors;
}

/** The newsletter section around the form: server-rendered text only. */
export const newsletterSection = {
  title: 'Subscribe to our newsletter',
  text: 'Hosting tips, security alerts and offers, about once a month. Unsubscribe at any time.',
  /** Under the form: what the address is used for, before the visitor gives it. */
  addressUse: 'We use your address only to send this newsletter, and we do not sell it.',
};

/** What the form's island needs, apart from the section's text so the client bundle carries only this. */
export const newsletter = {
  placeholder: 'you@example.com',
  /** Bots fill every field; people never see this one. */
  honeypotName: 'b_hp_newsletter',
  messages: {
    empty: 'Enter your email address to subscribe.',
    invalid: 'Enter a valid email address, like you@example.com.',
    success: 'Almost done: check the new tab to confirm your subscription.',
  },
};
