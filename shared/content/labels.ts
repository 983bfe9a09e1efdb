// The words of the site's controls (menus, buttons, form fields, the short
// messages they show) are copy like any other, written in the front matter of
// shared/content/<file>.labels.md; this list is their schema, by file, then
// group. Each label names the {placeholders} it must hold, filled in where it
// shows: the build refuses a label that leaves one out or names one it does not
// fill. A compiled file exports each group on its own, and the files follow the
// islands (the header's, the forms', the consent bar's), so an island's modules
// carry the words of their own controls alone.

export const labelFiles = {
  header: {
    page: { skipLink: [], breadcrumb: [] },
    shareImage: { tagline: [], facts: ['uptime', 'minutes'], alt: [] },
    header: {
      mainMenu: [],
      phoneMenu: [],
      services: [],
      openMenu: [],
      menu: [],
      search: [],
      searchTitle: [],
      contactDetails: [],
      clientLogin: [],
      call: ['phone'],
      email: ['email'],
      close: ['dialog'],
    },
    search: {
      field: [],
      button: [],
      panelField: [],
      example: [],
      loading: [],
      failed: [],
      nothing: ['link'],
      nothingLink: [],
      result: ['count'],
      results: ['count'],
      resultsList: [],
      inPortal: [],
    },
    searchPage: { title: ['query'], resultFor: ['count', 'query'], resultsFor: ['count', 'query'], shortened: ['count'] },
    searchBusy: { title: [], tryAgain: ['link'], contact: [] },
  },
  forms: {
    contactForm: {
      requiredNote: ['mark'],
      requiredMark: [],
      name: [],
      company: [],
      website: [],
      websiteFormat: [],
      email: [],
      phone: [],
      phoneFormat: [],
      message: [],
      limit: ['count'],
      left: ['count'],
      tooMany: ['count'],
      character: ['count'],
      characters: ['count'],
      send: [],
      topic: [],
      topicMigration: [],
      topicMigrationMessage: [],
      topicCloudCompute: [],
      topicCloudComputeMessage: [],
      missing: ['field'],
      tooLong: ['field', 'excess', 'limit'],
      invalidEmail: [],
      invalidPhone: [],
      invalidWebsite: [],
    },
    newsletter: { email: [], example: [], subscribe: [], honeypot: [], empty: [], invalid: [], success: [] },
  },
  consent: {
    consent: { accept: [], reject: [], close: [], granted: [], denied: [], settings: [] },
  },
  plans: {
    plans: {
      billingPeriod: [],
      monthly: [],
      yearly: [],
      monthsFree: ['months'],
      showingMonthly: [],
      showingYearly: ['months'],
      recommended: [],
      perMonth: [],
      billedMonthly: [],
      billedYearly: ['price'],
      saving: ['saving', 'months'],
      order: [],
      orderMonthly: ['plan'],
      orderYearly: ['plan'],
      compare: [],
      scrollHint: [],
    },
  },
  pages: {
    legal: { onThisPage: [], updated: [], runBy: ['brand'], companyNumber: ['number'], vat: ['vat'], section: [] },
    animation: { pause: [], play: [] },
    about: {
      uptime: [],
      backups: [],
      backupsValue: ['count'],
      response: [],
      responseValue: ['minutes'],
      refund: [],
      refundValue: ['days'],
    },
    services: { includes: [] },
    sharedHosting: { learnMore: ['feature'] },
    serverError: { title: [], tryAgain: ['link'], home: [] },
  },
} as const satisfies Record<string, Record<string, Record<string, readonly string[]>>>;

export type LabelFile = keyof typeof labelFiles;

/** One labels file's words, by group. */
export type LabelsOf<F extends LabelFile> = {
  [G in keyof (typeof labelFiles)[F]]: { [K in keyof (typeof labelFiles)[F][G]]: string };
};

/** A label with its {placeholders} filled in. */
export function fill(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** A label split at its one {placeholder}, for a placeholder that is markup rather than text. */
export function around(label: string, placeholder: string): [before: string, after: string] {
  const [before = '', after = ''] = label.split(`{${placeholder}}`);
  return [before, after];
}
