// Contact details and support links: the "Talk to us" modal and the menu modal.
export interface ContactDetailsProps {
  supportEmail: string;
  supportPhone: string;
  mailtoUrl: string;
  telUrl: string;
  submitTicketUrl: string;
  statusPageUrl: string;
  portalHomeUrl: string;
}

export function ContactDetails(props: ContactDetailsProps) {
  return (
    <div className="contact-details">
      <p>Questions about a plan, a project or your account? We answer within minutes.</p>
      <dl>
        <dt>Email</dt>
        <dd>
          <a href={props.mailtoUrl}>{props.supportEmail}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={props.telUrl}>{props.supportPhone}</a>
        </dd>
      </dl>
      <ul className="link-list">
        <li>
          <a href={props.submitTicketUrl}>Open a support ticket</a>
        </li>
        <li>
          <a href={props.portalHomeUrl}>Go to the client area</a>
        </li>
        <li>
          <a href={props.statusPageUrl}>Check service status</a>
        </li>
        <li>
          <a href="/contact">Send us a message</a>
        </li>
      </ul>
    </div>
  );
}
