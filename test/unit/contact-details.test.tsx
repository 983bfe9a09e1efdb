// The "Talk to us" modal's contents, rendered as the header renders them when
// it opens: the same response promise as the pages, and the live chat only
// where one is configured.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ContactDetails } from '../../shared/components/ContactDetails.js';
import { responsePromise } from '../../shared/content/business.js';
import { SiteContext } from '../../shared/site-config.js';
import { hrefs, visibleText } from '../support/html.js';

function modal(env: Record<string, string>): string {
  return renderToStaticMarkup(
    <SiteContext.Provider value={loadConfig(env).site}>
      <ContactDetails />
    </SiteContext.Provider>,
  );
}

describe('the contact modal', () => {
  it('promises the response time in the same sentence as the pages', () => {
    expect(visibleText(modal({}))).toContain(responsePromise);
  });

  it('links the live chat once one is configured, and never before', () => {
    expect(visibleText(modal({}))).not.toMatch(/chat/i);
    const html = modal({ LIVE_CHAT_URL: 'https://chat.acme.example' });
    expect(hrefs(html)).toContain('https://chat.acme.example');
    expect(visibleText(html)).toContain('Chat with our support team');
  });
});
