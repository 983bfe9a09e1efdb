// The "Talk to us" modal's contents, rendered as the header renders them when
// it opens: the same response promise as the pages, and the live chat only
// where one is configured.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ContactDetails } from '../../shared/components/ContactDetails.js';
import { contactDetailsCopy, contactDetailsOf } from '../../shared/content/contact-details.js';
import { factText, plainText } from '../../shared/content/markdown.js';
import { linksIn } from '../support/copy.js';
import { hrefs, visibleText } from '../support/html.js';

function modal(env: Record<string, string>): string {
  return renderToStaticMarkup(<ContactDetails {...contactDetailsOf(loadConfig(env).site)} />);
}

/** The words of the copy's link to the live chat. */
const chatWords = plainText(
  linksIn(contactDetailsCopy.blocks).find(({ href }) => href === 'config:liveChat')!.children,
  loadConfig({}).site,
)!;

describe('the contact modal', () => {
  it('promises the response time in the same sentence as the pages', () => {
    expect(visibleText(modal({}))).toContain(factText('responsePromise', loadConfig({}).site));
  });

  it('shows the support address and number, each a link', () => {
    const { site } = loadConfig({ SUPPORT_EMAIL: 'help@acme.example', SUPPORT_PHONE: '+1 555 010 0199' });
    const html = modal({ SUPPORT_EMAIL: site.supportEmail, SUPPORT_PHONE: site.supportPhone });
    expect(hrefs(html)).toEqual(expect.arrayContaining(['mailto:help@acme.example', 'tel:+15550100199']));
    expect(visibleText(html)).toContain(site.supportEmail);
  });

  it('links the live chat once one is configured, and never before', () => {
    expect(visibleText(modal({}))).not.toContain(chatWords);
    const html = modal({ LIVE_CHAT_URL: 'https://chat.acme.example' });
    expect(hrefs(html)).toContain('https://chat.acme.example');
    expect(visibleText(html)).toContain(chatWords);
  });
});
