// Words visitors use for a section that its text does not say, by the
// section's address. The pricing section shows "$12 /month" but never says
// "how much"; the features list says "Server Management Panel", not "email
// hosting". The index builder (server/search-index.ts) refuses an address no
// page has, so a renamed section cannot silently lose its words.
export const sectionKeywords: Record<string, string[]> = {
  '/services/shared-hosting#pricing': [
    'price',
    'prices',
    'pricing',
    'cost',
    'compare plans',
    'plan comparison',
    'storage',
    'bandwidth',
    'vps',
    'dedicated',
    'cloud compute',
  ],
  '/services/shared-hosting#hosting-features': [
    'email hosting',
    'email accounts',
    'cpanel',
    'control panel',
    'features',
    'wordpress hosting',
    'wordpress sites',
  ],
  '/contact#contact-us': ['contact', 'phone number', 'call', 'email address', 'talk to', 'message', 'address', 'office', 'location'],
  '/#cta-title': ['migration', 'transfer', 'move my site'],
  '/#testimonials': ['reviews', 'testimonials', 'customers', 'clients'],
  '/about#hosting-allies': ['who are you', 'company', 'team'],
  '/#client-guarantee': ['response time', 'support hours', 'promise'],
  '/services/custom-development#project-process': ['quote', 'how it works', 'consultation'],
  '/services/custom-development#custom-solutions': ['web app', 'app development', 'integration', 'api', 'bespoke', 'plugin'],
  '/services/maintenance#maintenance-covers': ['updates', 'security monitoring', 'care plan', 'maintenance plan'],
  // "mailing list" finds it as a synonym of "newsletter" (shared/content/search-synonyms.ts).
  '/contact#newsletter': ['newsletter', 'subscribe'],
};
