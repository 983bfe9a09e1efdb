import { business } from '../../content/business.js';
import { contentUpdated, type PageHead } from '../../meta.js';

export const head: PageHead = {
  lastModified: contentUpdated,
  meta: {
    title: 'Contact Us',
    description: `Talk to our team about hosting, custom development or maintenance. We answer support requests within ${business.supportResponseMinutes} minutes, day and night.`,
    keywords: ['contact', 'hosting support', 'sales enquiry', 'newsletter', 'address', 'location'],
  },
};
