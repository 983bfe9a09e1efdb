// Newsletter sign-up: a POST to the mailing-list service, opened in a new tab.
// Once hydrated the form has novalidate (as the specification says) and checks
// the address itself; until then, and without JavaScript, the browser's own
// validation keeps an empty or malformed address from being sent. A filled
// honeypot means a bot, and that submission is dropped.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { isEmail, newsletter } from '../content/forms.js';
import { fieldText } from './form-text.js';
import { newsletter as labels } from '../content/forms.labels.md';

export interface NewsletterFormProps {
  action: string;
}

type Outcome = { kind: 'none' } | { kind: 'error'; message: string } | { kind: 'success' };

export function NewsletterForm({ action }: NewsletterFormProps) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Our messages replace the browser's bubbles once JavaScript runs.
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const email = fieldText(data, 'EMAIL').trim();
    if (fieldText(data, newsletter.honeypotName) !== '') {
      event.preventDefault();
      return;
    }
    if (!email || !isEmail(email)) {
      event.preventDefault();
      setOutcome({ kind: 'error', message: email ? newsletter.messages.invalid : newsletter.messages.empty });
      event.currentTarget.querySelector<HTMLInputElement>('[name="EMAIL"]')?.focus();
      return;
    }
    setOutcome({ kind: 'success' });
  }

  const invalid = outcome.kind === 'error';
  return (
    <form ref={formRef} className="newsletter-form" method="post" action={action} target="_blank" onSubmit={onSubmit}>
      <label htmlFor="newsletter-email">{labels.email}</label>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          name="EMAIL"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={newsletter.placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'newsletter-error' : undefined}
        />
        <button className="button" type="submit">
          {labels.subscribe}
        </button>
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="newsletter-hp">{labels.honeypot}</label>
        <input id="newsletter-hp" type="text" name={newsletter.honeypotName} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-responses" aria-live="polite">
        <p id="newsletter-error" className="field-error" hidden={outcome.kind !== 'error'}>
          {outcome.kind === 'error' ? outcome.message : ''}
        </p>
        <p id="newsletter-success" className="form-success" hidden={outcome.kind !== 'success'}>
          {newsletter.messages.success}
        </p>
      </div>
    </form>
  );
}
