// Labels files that only the server reads (shared/content/labels.ts explains the schema): kept out of labels.ts, whose
// text is part of the islands' shared module, where esbuild's minifier picks short names by the characters of the
// modules' source, so that a line added there would rename the islands' code and every page's asset addresses.

export const serverLabelFiles = {
  // The search's results that leave the site (shared/content/search-destinations.ts), by their id.
  destinations: {
    clientLogin: { title: [], description: [] },
    payInvoice: { title: [], description: [] },
    order: { title: [], description: ['plans'] },
    submitTicket: { title: [], description: [] },
    reportAbuse: { title: [], description: [] },
    statusPage: { title: [], description: [] },
    liveChat: { title: [], description: [] },
  },
} as const satisfies Record<string, Record<string, Record<string, readonly string[]>>>;

/** One of these files' words, by group. */
export type ServerLabelsOf<F extends keyof typeof serverLabelFiles> = {
  [G in keyof (typeof serverLabelFiles)[F]]: { [K in keyof (typeof serverLabelFiles)[F][G]]: string };
};
