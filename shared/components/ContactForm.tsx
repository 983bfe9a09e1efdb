// The contact form. It is a plain POST to the client portal's contact endpoint,
// so it works without JavaScript (the browser's own validation then applies).
// Once hydrated it validates on submit instead: a message beside each wrong
// field, focus on the first one, and nothing the visitor typed is lost.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  contactFields,
  countFromShare,
  lengthHint,
  lengthLeft,
  normalisedWebAddress,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFieldName,
  type ContactTopic,
} from '../content/forms.js';
import { fieldText } from './form-text.js';

export interface ContactFormProps {
  action: string;
  /** A form that starts on a topic (shared/content/forms.ts): its message begins with it, and its fields' ids with the topic's. */
  topic?: Pick<ContactTopic, 'id' | 'message'>;
}

/**
 * The message and the web address are the long answers: each takes a whole
 * row on wide screens, which also pairs the other four fields two by two
 * (Name and Company, Email and Phone) instead of leaving one alone on a row.
 */
const isLongAnswer = (field: ContactField) => field.multiline === true || field.type === 'url';

/** How long the live count waits after the last keystroke before a screen reader hears it: once a pause, not every letter. */
const ANNOUNCE_AFTER_MS = 1000;

/**
 * What is left of a long answer's limit, once the text nears it: shown as the
 * visitor writes, and told to screen readers (politely) when they pause.
 */
function LengthCount({ field, id, length }: { field: ContactField; id: string; length: number }) {
  const [announced, setAnnounced] = useState('');
  const shown = length >= field.maxLength * countFromShare ? lengthLeft(field, length) : '';
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(shown), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <>
      {/* The visible count changes with every letter; screen readers get the announcement below instead. */}
      <p className={length > field.maxLength ? 'field-count field-count-over' : 'field-count'} id={`${id}-count`} aria-hidden="true">
        {shown}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

export function ContactForm({ action, topic }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [lengths, setLengths] = useState<Partial<Record<ContactFieldName, number>>>({});

  useEffect(() => {
    // Our messages replace the browser's bubbles once JavaScript runs.
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found = validateContact((name) => fieldText(data, name));
    setErrors(found);
    const first = contactFields.find((field) => found[field.name]);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    // "mysite.com" is sent as the full address the portal expects.
    const website = event.currentTarget.elements.namedItem('website');
    if (website instanceof HTMLInputElement && website.value.trim()) website.value = normalisedWebAddress(website.value) ?? website.value;
  }

  function clearError(name: ContactFieldName) {
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  return (
    <form ref={formRef} className="contact-form" method="post" action={action} onSubmit={onSubmit}>
      <p className="form-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="form-grid">
        {contactFields.map((field) => {
          const id = `${topic?.id ?? 'contact'}-${field.name}`;
          const error = errors[field.name];
          const Control = field.multiline ? 'textarea' : 'input';
          return (
            <div className={isLongAnswer(field) ? 'field field-wide' : 'field'} key={field.name}>
              <label htmlFor={id}>
                {field.label}
                {field.required && <span aria-hidden="true"> *</span>}
                {/* In the label, so that the field's name says its limit before anything is typed. */}
                {field.multiline && (
                  <span className="field-hint" id={`${id}-hint`}>
                    {' '}
                    {lengthHint(field)}
                  </span>
                )}
              </label>
              <Control
                id={id}
                name={field.name}
                {...(field.multiline
                  ? { rows: 5, defaultValue: topic?.message }
                  : // type=url would refuse "mysite.com" without a scheme; the pattern accepts what people type.
                    field.type === 'url'
                    ? { type: 'text', inputMode: 'url' as const }
                    : { type: field.type })}
                pattern={field.pattern}
                title={field.format}
                autoComplete={field.autoComplete}
                // A long answer has no maxlength: the browser would cut a paste at it without a word. Its limit
                // is stated above it, counted as it nears, and checked on submit (without JavaScript, the whole
                // text reaches the portal).
                maxLength={field.multiline ? undefined : field.maxLength}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onInput={(event) => {
                  clearError(field.name);
                  // Read now: React clears currentTarget before the updater runs.
                  const length = event.currentTarget.value.length;
                  if (field.multiline) setLengths((known) => ({ ...known, [field.name]: length }));
                }}
              />
              {field.multiline && <LengthCount field={field} id={id} length={lengths[field.name] ?? 0} />}
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <button className="button" type="submit">
        Send message
      </button>
    </form>
  );
}
