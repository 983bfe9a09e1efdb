// Words visitors search with that the pages say differently. A query word (or
// phrase) in a group also finds the group's other words. Honest by
// construction: a group only widens the search to words the site uses, so a
// word with nothing behind it still finds nothing (and search offers to
// contact us instead).
export const searchSynonyms: string[][] = [
  [
    'price',
    'prices',
    'pricing',
    'cost',
    'costs',
    'plans',
    'how much',
    'cheap',
    'cheapest',
    'affordable',
    'budget',
    'fee',
    'fees',
    'discount',
    'deal',
    'save',
    'saving',
  ],
  ['vps', 'cloud compute', 'dedicated'],
  ['uptime', 'downtime', 'outage', 'outages'],
  ['terms of service', 'terms and conditions', 'terms of use', 'tos'],
  // "domain name" whole, so that "name" alone does not match ("a named person").
  ['domain', 'domains', 'domain name', 'domain names', 'dns', 'nameserver', 'nameservers'],
  ['refund', 'refunds', 'money-back', 'money back', 'trial'],
  ['backup', 'backups', 'back up', 'backed up', 'restore', 'restores'],
  ['email', 'e-mail', 'mail', 'mailbox', 'inbox'],
  ['ssl', 'https', 'certificate', 'tls'],
  ['migration', 'migrate', 'move', 'moving', 'transfer', 'switch', 'copies'],
  ['login', 'log in', 'sign in', 'signin', 'client login'],
  ['gdpr', 'privacy', 'personal data', 'data protection'],
  ['cancel', 'cancellation', 'terminate', 'termination', 'quit'],
  ['support', 'help', 'helpdesk', 'assistance'],
  ['wordpress', 'wp'],
  ['quote', 'quotation', 'estimate', 'proposal'],
  ['hacked', 'hack', 'malware', 'infected', 'compromised'],
  ['fix', 'repair', 'broken', 'not working'],
  ['credit card', 'card', 'payment method', 'payment details'],
  ['respond', 'response', 'reply', 'replies', 'answer'],
  ['location', 'located', 'based', 'data location'],
  ['limit', 'limits', 'limited', 'excessive', 'fair use'],
  ['suspend', 'suspended', 'suspension'],
  ['retention', 'retain', 'keep', 'kept', 'how long'],
  ['copyright', 'infringement', 'dmca', 'takedown'],
  ['speed', 'fast', 'faster', 'slow', 'performance'],
  ['developer', 'developers', 'development', 'build', 'app', 'application', 'software'],
  ['maintenance', 'updates', 'maintain', 'upkeep', 'look after', 'looks after'],
  ['contact', 'phone', 'call', 'telephone', 'reach', 'talk'],
  // The newsletter as visitors name it; a keyword of its own, "mailing" would stem to "mail", a synonym of "email".
  ['newsletter', 'mailing list'],
];

/**
 * Words every page of a hosting company uses: beside a word the site does not
 * know, they are no answer ("minecraft server" lists every page that says
 * "server"), so such a query gets the "nothing matches" answer and the contact
 * options. Alone or beside a word the site knows, they search as any word.
 */
export const searchGenericWords = new Set([
  'server',
  'servers',
  'hosting',
  'host',
  'hosted',
  'site',
  'sites',
  'website',
  'websites',
  'web',
  'online',
  'service',
  'services',
  'account',
  'accounts',
  'plan',
  'plans',
  'company',
]);

/**
 * Words that ask whether something is sold ("do you sell domain names"): the
 * answer is an entry that has every word of the question, or none; the
 * entries that have the verb alone speak of something else ("we do not sell
 * your address"), and those without it do not say it is for sale.
 */
export const searchSaleWords = new Set(['sell', 'sells', 'selling', 'sold']);

/**
 * Words that carry no topic in a visitor's question ("how do I move my site"):
 * left out of the query, so that the words that do must match.
 */
export const searchStopWords = new Set(
  (
    'a about an and any are as at be been but by can could did do does doing for from get got has have having how i if in into is it its ' +
    'me my myself no not of on or our ours please so some than that the their them then there these they this those to too us was we ' +
    'offer offers provide provides include includes included available ' +
    'were what when where which who whom why will with would you your yours yourself need want wanna like just'
  ).split(' '),
);

/**
 * Words that name the kind of page rather than its topic ("refund policy",
 * "cancellation terms"): they need not match, but they tell search the
 * visitor wants the rules.
 */
export const legalMarkerWords = new Set(['policy', 'policies', 'terms', 'conditions', 'rules', 'legal']);

/** Words that ask for the rules rather than the offer: with one of them, legal clauses are not ranked below the pages that sell. */
export const legalIntentWords = new Set([
  'policy',
  'policies',
  'terms',
  'conditions',
  'legal',
  'law',
  'gdpr',
  'privacy',
  'dmca',
  'copyright',
  'retention',
  'liability',
  'clause',
  'contract',
  'agreement',
  'aup',
  'acceptable',
  'jurisdiction',
  'arbitration',
  'cookies',
  'cookie',
  'data',
  'personal',
  'prorated',
  'sla',
  'suspended',
  'suspension',
]);
