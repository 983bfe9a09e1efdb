// The relevance set for the site search: queries a visitor of a company that hosts,
// develops and maintains websites would type into its search box,
// each with the results that would satisfy that visitor. The queries were
// written from what visitors want (the specification's offer, the pages read as
// a newcomer reads them, the tasks existing clients bring), not from the index's
// words, and the judgements were made without running the engine: a query the
// site answers in other words keeps the words a visitor uses, misspellings and
// all. `best` is the one result a visitor should see first (the section that
// answers, not a page that merely mentions the word; for a task done in the
// client portal, the external destination); `good` are results that satisfy the
// visitor too (the same answer on another page, the page holding the best
// section, an on-site section that helps with a task; a FAQ's answer is judged
// at its question's own address, where search lands the visitor). A no-match query has no
// answer on the site: the right response is to say so and offer the contact
// options. Judgements are for the site as configured by default: no company
// address, and a live chat judged as if LIVE_CHAT_URL were set.
export interface Judgement {
  /** As a visitor would type it. */
  query: string;
  kind: 'question' | 'word' | 'misspelling' | 'task' | 'legal' | 'company' | 'no-match';
  /** The best answer: a site path (with #section where one section answers), or an external destination id ('external:clientLogin'); absent for a no-match query. */
  best?: string;
  /** Other answers that are right too (they count for success@3 and reciprocal rank, not success@1). */
  good?: string[];
}

/** Where a query's answers are: shared by queries that ask the same thing in other words. */
type Answer = Pick<Judgement, 'best' | 'good'>;

const pricing = '/services/shared-hosting#pricing';
const faq = '/services/shared-hosting#faq';
/** A question of that FAQ at its own address, where search lands the visitor on its answer: the section as a whole is right too. */
const question = (id: string) => `${faq}-${id}`;
const features = '/services/shared-hosting#hosting-features';
const hostingPlans = '/services/shared-hosting#hosting-plans';
const maintenanceCovers = '/services/maintenance#maintenance-covers';
const customSolutions = '/services/custom-development#custom-solutions';
const contactUs = '/contact#contact-us';

/** The Free Website Migration call to action is on Home first; the same offer elsewhere, and the FAQ's "Will you move my site", answer too. */
const migration = '/#cta-title';
const migrationElsewhere = [
  question('migration'),
  faq,
  '/services/shared-hosting#cta-title',
  '/about#cta-title',
  '/privacy#cta-title',
  '/terms#cta-title',
  '/aup#cta-title',
];

/** Every place that shows the support email and phone. */
const contactElsewhere = [
  '/contact',
  '/#contact-us',
  '/about#contact-us',
  '/services/custom-development#contact-us',
  '/privacy#legal-contact',
  '/terms#legal-contact',
  '/aup#legal-contact',
];

const ssl: Answer = { best: hostingPlans, good: [pricing, features, '/about#excellence'] };
const wordpress: Answer = {
  best: features,
  good: [customSolutions, '/services/shared-hosting', '/services#services'],
};
const backups: Answer = { best: features, good: [question('backups'), faq, '/terms#backups', maintenanceCovers, '/#features'] };
const hosting: Answer = { best: '/services/shared-hosting', good: ['/services#services', hostingPlans, pricing] };
const maintenance: Answer = { best: '/services/maintenance', good: [maintenanceCovers, '/services#services'] };
const refunds: Answer = { best: '/terms#refunds', good: [question('refund'), faq] };
const moneyBack: Answer = { best: question('refund'), good: [faq, '/terms#refunds', pricing, '/'] };
const cancel: Answer = {
  best: question('cancel'),
  good: [faq, '/terms#billing-and-renewal', '/terms#refunds', 'external:clientLogin'],
};
const prices: Answer = { best: pricing, good: ['/services#services', '/services/shared-hosting', '/'] };
const responseTime: Answer = { best: '/#client-guarantee', good: ['/#features', '/terms#support', contactUs] };

export const relevanceSet: Judgement[] = [
  // Questions about the offer.
  { query: 'how much does it cost', kind: 'question', ...prices },
  { query: 'how much', kind: 'question', ...prices },
  { query: 'how much is hosting per month', kind: 'question', ...prices },
  { query: 'can you move my site for me', kind: 'question', best: migration, good: migrationElsewhere },
  { query: 'migrate my site', kind: 'question', best: migration, good: migrationElsewhere },
  { query: 'move my site', kind: 'question', best: migration, good: migrationElsewhere },
  { query: 'is migration free', kind: 'question', best: migration, good: migrationElsewhere },
  {
    query: 'do you do backups',
    kind: 'question',
    best: question('backups'),
    good: [faq, features, '/terms#backups', maintenanceCovers, '/#features'],
  },
  { query: 'do you offer a money back guarantee', kind: 'question', ...moneyBack },
  { query: 'is there a free trial', kind: 'question', ...moneyBack },
  {
    query: 'what happens if my site goes down',
    kind: 'question',
    best: question('uptime'),
    good: [faq, '/terms#uptime-and-sla', features],
  },
  { query: 'do you host wordpress sites', kind: 'question', ...wordpress },
  { query: 'can i pay yearly', kind: 'question', best: pricing, good: [question('billing'), faq, '/terms#billing-and-renewal'] },
  { query: 'do plans renew automatically', kind: 'question', best: question('billing'), good: [faq, '/terms#billing-and-renewal'] },
  { query: 'is ssl included', kind: 'question', ...ssl },
  {
    query: 'can you build a custom web app',
    kind: 'question',
    best: customSolutions,
    good: ['/services/custom-development', '/services#services'],
  },
  { query: 'do you offer vps', kind: 'question', best: pricing, good: ['/services/shared-hosting'] },
  { query: 'how fast does support respond', kind: 'question', ...responseTime },
  {
    query: 'what does website maintenance include',
    kind: 'question',
    best: maintenanceCovers,
    good: ['/services/maintenance', '/services#services'],
  },
  {
    query: 'how does a custom project work',
    kind: 'question',
    best: '/services/custom-development#project-process',
    good: ['/services/custom-development'],
  },
  {
    query: 'how do i get a quote for a website',
    kind: 'question',
    best: '/services/custom-development#project-process',
    good: ['/services/custom-development#contact-us', contactUs, '/services#cta-title'],
  },
  { query: 'which plan should i choose', kind: 'question', best: pricing, good: ['/#client-guarantee', '/services#cta-title'] },
  { query: 'can i upgrade my plan later', kind: 'question', best: question('plan-changes'), good: [faq, '/#features', hostingPlans] },
  {
    query: 'what if i use too much bandwidth',
    kind: 'question',
    best: question('bandwidth'),
    good: [faq, '/terms#billing-and-renewal', '/aup#resource-use', pricing],
  },
  { query: 'do you offer email hosting', kind: 'question', best: features, good: ['/services/shared-hosting'] },
  // Domains are managed in the panel every plan includes, and in the client portal.
  { query: 'register a domain name', kind: 'question', best: features, good: ['external:clientLogin', '/services/shared-hosting'] },
  { query: 'can you fix my hacked website', kind: 'question', best: maintenanceCovers, good: ['/services/maintenance'] },
  { query: 'do you do web design', kind: 'question', best: '/services/custom-development#cta-title', good: [customSolutions] },
  { query: 'can i use ssh and git', kind: 'question', best: '/#features' },
  { query: 'where are your servers located', kind: 'question', best: '/privacy#where-data-is-stored', good: ['/terms#data-location'] },
  { query: 'do you look after sites hosted elsewhere', kind: 'question', best: maintenanceCovers, good: ['/services/maintenance'] },

  // Single words (and two-word keywords).
  { query: 'ssl', kind: 'word', ...ssl },
  { query: 'wordpress', kind: 'word', ...wordpress },
  { query: 'cheap', kind: 'word', best: pricing, good: ['/', '/services#services'] },
  { query: 'email', kind: 'word', best: features, good: [contactUs, '/services/shared-hosting'] },
  { query: 'email hosting', kind: 'word', best: features, good: ['/services/shared-hosting'] },
  { query: 'email accounts', kind: 'word', best: features, good: ['/services/shared-hosting'] },
  { query: 'mailing list', kind: 'word', best: '/contact#newsletter' },
  { query: 'free domain', kind: 'word', best: pricing, good: [features] },
  { query: 'transfer', kind: 'word', best: migration, good: migrationElsewhere },
  { query: 'backups', kind: 'word', ...backups },
  { query: 'uptime', kind: 'word', best: features, good: ['/terms#uptime-and-sla', question('uptime'), faq, '/#features'] },
  { query: 'pricing', kind: 'word', best: pricing, good: ['/services/shared-hosting'] },
  { query: 'vps', kind: 'word', best: pricing, good: ['/services/shared-hosting'] },
  { query: 'nvme', kind: 'word', best: features, good: ['/#features', hostingPlans, '/about#excellence'] },
  { query: 'maintenance', kind: 'word', ...maintenance },
  { query: 'hosting', kind: 'word', ...hosting },
  { query: 'security', kind: 'word', best: hostingPlans, good: ['/#features', '/about#excellence', maintenanceCovers] },
  { query: 'staging', kind: 'word', best: '/#features', good: [features, maintenanceCovers] },
  { query: 'woocommerce', kind: 'word', best: customSolutions, good: [pricing] },
  {
    query: 'bandwidth',
    kind: 'word',
    best: pricing,
    good: [question('bandwidth'), faq, '/terms#billing-and-renewal', '/aup#resource-use'],
  },
  { query: 'malware', kind: 'word', best: maintenanceCovers, good: [hostingPlans, '/#features', '/about#excellence'] },
  { query: 'php', kind: 'word', best: '/#features', good: [hostingPlans] },
  { query: 'api integration', kind: 'word', best: customSolutions, good: ['/services/custom-development'] },
  { query: 'newsletter', kind: 'word', best: '/contact#newsletter' },
  { query: 'dedicated server', kind: 'word', best: pricing },
  { query: 'discount', kind: 'word', best: pricing, good: [question('billing'), faq] },
  { query: 'custom development', kind: 'word', best: '/services/custom-development', good: [customSolutions, '/services#services'] },

  // Misspellings.
  { query: 'wordpres', kind: 'misspelling', ...wordpress },
  { query: 'hostng', kind: 'misspelling', ...hosting },
  { query: 'migraton', kind: 'misspelling', best: migration, good: migrationElsewhere },
  { query: 'maintainance', kind: 'misspelling', ...maintenance },
  { query: 'refund polcy', kind: 'misspelling', ...refunds },
  { query: 'pricng', kind: 'misspelling', best: pricing, good: ['/services/shared-hosting'] },
  { query: 'bakups', kind: 'misspelling', ...backups },
  { query: 'ssl certifcate', kind: 'misspelling', ...ssl },
  { query: 'sll', kind: 'misspelling', ...ssl },
  {
    query: 'custom developement',
    kind: 'misspelling',
    best: '/services/custom-development',
    good: [customSolutions, '/services#services'],
  },
  { query: 'acceptible use policy', kind: 'misspelling', best: '/aup' },
  { query: 'privacy policiy', kind: 'misspelling', best: '/privacy' },
  { query: 'cancle my plan', kind: 'misspelling', ...cancel },
  { query: 'contcat', kind: 'misspelling', best: '/contact', good: [contactUs, ...contactElsewhere.slice(1)] },
  { query: 'woocomerce', kind: 'misspelling', best: customSolutions, good: [pricing] },
  { query: 'lgoin', kind: 'misspelling', best: 'external:clientLogin' },
  { query: 'wordpess hosting', kind: 'misspelling', ...wordpress },

  // Tasks done in the client portal or on the status page.
  { query: 'log in', kind: 'task', best: 'external:clientLogin' },
  { query: 'sign in', kind: 'task', best: 'external:clientLogin' },
  { query: 'login', kind: 'task', best: 'external:clientLogin' },
  { query: 'client area', kind: 'task', best: 'external:clientLogin' },
  { query: 'forgot password', kind: 'task', best: 'external:clientLogin' },
  { query: 'pay my invoice', kind: 'task', best: 'external:payInvoice', good: ['external:clientLogin'] },
  { query: 'update my credit card', kind: 'task', best: 'external:payInvoice', good: ['external:clientLogin'] },
  { query: 'open a ticket', kind: 'task', best: 'external:submitTicket', good: [contactUs] },
  { query: 'submit support ticket', kind: 'task', best: 'external:submitTicket', good: [contactUs] },
  { query: 'order', kind: 'task', best: 'external:order', good: [pricing] },
  { query: 'buy hosting', kind: 'task', best: 'external:order', good: [pricing] },
  { query: 'sign up', kind: 'task', best: 'external:order', good: [pricing, '/contact#newsletter'] },
  { query: 'server status', kind: 'task', best: 'external:statusPage' },
  { query: 'status', kind: 'task', best: 'external:statusPage' },
  { query: 'is your server down', kind: 'task', best: 'external:statusPage' },
  { query: 'report abuse', kind: 'task', best: 'external:reportAbuse', good: ['/aup#reporting-abuse'] },
  { query: 'report spam', kind: 'task', best: 'external:reportAbuse', good: ['/aup#reporting-abuse'] },
  { query: 'live chat', kind: 'task', best: 'external:liveChat', good: [contactUs] },
  { query: 'chat', kind: 'task', best: 'external:liveChat', good: [contactUs] },

  // Legal questions.
  { query: 'refund policy', kind: 'legal', ...refunds },
  { query: 'prorated refund', kind: 'legal', ...refunds },
  { query: 'cancel my plan', kind: 'legal', ...cancel },
  { query: 'cancel', kind: 'legal', ...cancel },
  {
    query: 'gdpr',
    kind: 'legal',
    best: '/privacy',
    good: ['/privacy#your-rights', '/privacy#where-data-is-stored', '/privacy#data-we-collect'],
  },
  { query: 'data retention', kind: 'legal', best: '/privacy#retention', good: ['/terms#termination'] },
  {
    query: 'what happens to my data when i cancel',
    kind: 'legal',
    best: '/terms#termination',
    good: ['/privacy#retention', question('cancel'), faq],
  },
  { query: 'dmca', kind: 'legal', best: '/aup#copyright', good: ['/terms#acceptable-use'] },
  { query: 'copyright infringement', kind: 'legal', best: '/aup#copyright', good: ['/terms#acceptable-use'] },
  { query: 'governing law', kind: 'legal', best: '/terms#governing-law' },
  { query: 'arbitration', kind: 'legal', best: '/terms#governing-law' },
  { query: 'terms of service', kind: 'legal', best: '/terms' },
  { query: 'privacy policy', kind: 'legal', best: '/privacy' },
  { query: 'acceptable use policy', kind: 'legal', best: '/aup' },
  { query: 'cookies', kind: 'legal', best: '/privacy#cookies-and-analytics' },
  { query: 'sla', kind: 'legal', best: '/terms#uptime-and-sla', good: [question('uptime'), faq, features] },
  { query: 'downtime credit', kind: 'legal', best: '/terms#uptime-and-sla', good: [question('uptime'), faq, features] },
  { query: 'limitation of liability', kind: 'legal', best: '/terms#liability' },
  { query: 'minimum age', kind: 'legal', best: '/privacy#age', good: ['/terms#eligibility'] },
  { query: 'do you sell my data', kind: 'legal', best: '/privacy#how-we-use-data' },
  { query: 'delete my personal data', kind: 'legal', best: '/privacy#your-rights' },
  { query: 'where is my data stored', kind: 'legal', best: '/privacy#where-data-is-stored', good: ['/terms#data-location'] },
  { query: 'crypto mining rig rental', kind: 'legal', best: '/aup#prohibited-uses' },
  { query: 'is bulk email allowed', kind: 'legal', best: '/aup#prohibited-uses' },
  { query: 'account suspended', kind: 'legal', best: '/terms#termination', good: ['/aup#enforcement', '/terms#acceptable-use'] },
  { query: 'cpu limit', kind: 'legal', best: '/aup#resource-use' },
  { query: 'who holds my card details', kind: 'legal', best: '/privacy#payments', good: ['/terms#billing-and-renewal'] },

  // Questions about the company.
  { query: 'who are you', kind: 'company', best: '/about#hosting-allies', good: ['/about'] },
  { query: 'about us', kind: 'company', best: '/about', good: ['/about#hosting-allies'] },
  { query: 'your team', kind: 'company', best: '/about#hosting-allies', good: ['/about'] },
  { query: 'phone number', kind: 'company', best: contactUs, good: contactElsewhere },
  { query: 'support email address', kind: 'company', best: contactUs, good: contactElsewhere },
  { query: 'talk to a human', kind: 'company', best: contactUs, good: [...contactElsewhere, 'external:liveChat'] },
  { query: 'contact', kind: 'company', best: '/contact', good: [contactUs, ...contactElsewhere.slice(1)] },
  // No page gives an address unless LEGAL_ADDRESS is configured: Contact is where it would be, and the only hints are legal ones.
  {
    query: 'where are you based',
    kind: 'company',
    best: '/contact',
    good: ['/about#hosting-allies', '/terms#governing-law', '/privacy#where-data-is-stored'],
  },
  { query: 'reviews', kind: 'company', best: '/#testimonials' },
  { query: 'testimonials', kind: 'company', best: '/#testimonials' },
  { query: 'support hours', kind: 'company', ...responseTime },
  { query: 'what do you do', kind: 'company', best: '/services#services', good: ['/services', '/'] },
  { query: 'design partner', kind: 'company', best: '/services/custom-development#cta-title' },

  // Queries the site has no answer for.
  { query: 'pizza', kind: 'no-match' },
  { query: 'asdfgh', kind: 'no-match' },
  { query: 'kubernetes', kind: 'no-match' },
  { query: 'car insurance', kind: 'no-match' },
  { query: 'weather tomorrow', kind: 'no-match' },
  { query: 'careers', kind: 'no-match' },
  { query: 'minecraft', kind: 'no-match' },
  { query: 'cheap flights', kind: 'no-match' },
  { query: 'qwerty', kind: 'no-match' },
  { query: '披萨', kind: 'no-match' },
  // Nothing the company sells, beside words every hosting page uses.
  { query: 'minecraft server', kind: 'no-match' },
  { query: 'game server hosting', kind: 'no-match' },
  // Domains are managed in the panel, not sold: the words match only apart ("we do not sell it", of an address).
  { query: 'do you sell domain names', kind: 'no-match' },
];
