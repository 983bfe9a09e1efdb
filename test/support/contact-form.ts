// What the contact form says beside each required field sent empty, as a
// visitor reads it: one table for every engine's test of the form.
export const emptyFieldMessages = [
  ['contact-name', 'Enter your name.'],
  ['contact-email', 'Enter your email.'],
  ['contact-subject', 'Enter your phone.'],
  ['contact-message', 'Enter your message.'],
] as const;
