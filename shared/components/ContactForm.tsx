// The contact form. It is a plain POST to the client portal's contact endpoint,
// so it works without JavaScript (the browser's own validation then applies).
// Once hydrated it validates on submit instead: a message beside each wrong
// field, focus on the first one, and nothing the visitor typed is lost.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  characters,
  contactFields,
  normalisedWebAddress,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFieldName,
  type ContactTopic,
} from '../content/forms.js';
import { fieldText } from './form-text.js';
import { contactForm as labels } from '../content/forms.labels.md';
import { around, fill } from '../content/labels.js';

const [requiredBefore, requiredAfter] = around(labels.requiredNote, 'mark');

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

/**
 * What is left of a long answer's limit once the text reaches 80% of it: shown
 * as the visitor writes, and told to screen readers politely a second after
 * they pause (once a pause, not at every letter).
 */
function LengthCount({ max, length, explained }: { max: number; length: number; explained: boolean }) {
  const left = max - length;
  // Once sending has explained the excess (the field's error), it is said once, not again here.
  const text =
    length < max * 0.8 || (explained && left < 0)
      ? ''
      : fill(left < 0 ? labels.tooMany : labels.left, { count: characters(Math.abs(left)) });
  const [said, say] = useState('');
  useEffect(() => {
    const timer = setTimeout(say, 1000, text);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      {/* Over the limit it reads as an error does. */}
      {text && (
        <p className={left < 0 ? 'field-error' : 'field-count'} aria-hidden="true">
          {text}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
}

export function ContactForm({ action, topic }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  // The message's length, for its count (the one long answer).
  const [typed, setTyped] = useState(0);

  useEffect(() => {
    // Our messages replace the browser's bubbles once JavaScript runs, and a long answer's limit is checked on
    // submit instead of by maxlength, which would cut a paste at it without a word.
    if (formRef.current) formRef.current.noValidate = true;
    for (const field of formRef.current?.querySelectorAll('textarea[maxlength]') ?? []) field.removeAttribute('maxlength');
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found = validateContact((name) => fieldText(data, name), topic?.message);
    setErrors(found);
    const first = contactFields.find((field) => found[field.name]);
    if (first) {
      event.preventDefault();
      const control = event.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`);
      // The field with its label, in the middle of the screen: focus alone scrolls only as far as the field, and
      // "nearest" leaves the label under the sticky header in WebKit, which ignores scroll-padding here.
      control?.closest('.field')?.scrollIntoView({ block: 'center' });
      control?.focus({ preventScroll: true });
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
        {requiredBefore}
        <span aria-hidden="true">*</span>
        <span className="visually-hidden">{labels.requiredMark}</span>
        {requiredAfter}
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
                    {` ${fill(labels.limit, { count: characters(field.maxLength) })}`}
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
                // Without JavaScript, the browser holds the limit the label states (the portal would take more).
                maxLength={field.maxLength}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onInput={(event) => {
                  clearError(field.name);
                  if (field.multiline) setTyped(event.currentTarget.value.length);
                }}
              />
              {field.multiline && <LengthCount max={field.maxLength} length={typed} explained={Boolean(error)} />}
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
        {labels.send}
      </button>
    </form>
  );
}
