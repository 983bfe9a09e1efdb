// What the contact and newsletter forms say of what a visitor sent, as the
// content module words it: one table for every engine's test of the forms.
import { contactFields, validateContact, type ContactFieldName } from '../../shared/content/forms.js';

export { newsletter } from '../../shared/content/forms.js';

/** The contact form's message beside each field for these values (the others valid). */
export function contactErrors(values: Partial<Record<ContactFieldName, string>>) {
  return validateContact((name) => values[name] ?? '');
}

/** What the form says beside each required field sent empty, by the field's element id. */
export const emptyFieldMessages = contactFields
  .filter((field) => field.required)
  .map((field) => [`contact-${field.name}`, contactErrors({})[field.name]!] as const);
