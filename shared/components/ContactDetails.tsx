// Contact details and support links: the "Talk to us" dialog, and a search
// that found nothing. The words are data (shared/content/contact-details.ts),
// so that the header, which shows them only once its dialog opens, fetches
// them then.
import type { ContactDetailsData } from '../content/contact-details.js';
import { LinkList } from './LinkList.js';

export function ContactDetails({ sentence, details, ways }: ContactDetailsData) {
  return (
    <div className="contact-details">
      <p>{sentence}</p>
      <dl>
        {details.flatMap(({ term, label, href }) => [
          <dt key={`${term}:term`}>{term}</dt>,
          <dd key={`${term}:detail`}>
            <a href={href}>{label}</a>
          </dd>,
        ])}
      </dl>
      <LinkList links={ways} className="link-list" />
    </div>
  );
}
