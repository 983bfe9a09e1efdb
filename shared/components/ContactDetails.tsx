// Contact details and support links: the "Talk to us" modal.
import { responsePromise } from '../content/business.js';
import { externalLinks } from '../links.js';
import { useSite } from '../site-config.js';

export function ContactDetails() {
  const site = useSite();
  const links = externalLinks(site);
  return (
    <div className="contact-details">
      <p>Questions about a plan, a project or your account? {responsePromise}</p>
      <dl>
        <dt>Email</dt>
        <dd>
          <a href={links.mailto}>{site.supportEmail}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={links.tel}>{site.supportPhone}</a>
        </dd>
      </dl>
      <ul className="link-list">
        {links.liveChat && (
          <li>
            <a href={links.liveChat}>Chat with our support team</a>
          </li>
        )}
        <li>
          <a href={links.submitTicket}>Open a support ticket</a>
        </li>
        <li>
          <a href={links.portalHome}>Go to the client area</a>
        </li>
        <li>
          <a href={links.statusPage}>Check service status</a>
        </li>
        <li>
          <a href="/contact">Send us a message</a>
        </li>
      </ul>
    </div>
  );
}
