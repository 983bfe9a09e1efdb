// Markdown copy, compiled at build time into data by scripts/markdown-content.ts
// (esbuild for the server, vite for the tests, a module hook for scripts run
// with tsx). The file's suffix says which schema it is held to.
declare module '*.legal.md' {
  const document: import('../content/markdown.js').LegalMarkdown;
  export default document;
  /** The Privacy Policy's analytics paragraph, where its front matter writes one. */
  export const analytics: import('../content/markdown.js').LegalAnalytics | undefined;
}

declare module '*.faq.md' {
  const document: import('../content/markdown.js').FaqMarkdown;
  export default document;
}

declare module '*.shared.md' {
  const document: import('../content/markdown.js').SharedMarkdown;
  export default document;
  /** The sentences the copy names as {{name}}: the front matter's sentences block. */
  export const sentences: import('../content/markdown.js').SharedSentences;
  /** {{supportChannels}}: the front matter's supportChannels block. */
  export const supportChannels: import('../content/markdown.js').SupportChannels;
}

declare module '*.page.md' {
  const document: import('../content/markdown.js').PageMarkdown;
  export default document;
}

// A labels file compiles to one export per group (shared/content/labels.ts), which a bundle keeps only where read.
declare module '*/header.labels.md' {
  type Labels = import('../content/labels.js').LabelsOf<'header'>;
  export const page: Labels['page'];
  export const shareImage: Labels['shareImage'];
  export const header: Labels['header'];
  export const search: Labels['search'];
  export const searchPage: Labels['searchPage'];
  export const searchBusy: Labels['searchBusy'];
}

declare module '*/forms.labels.md' {
  type Labels = import('../content/labels.js').LabelsOf<'forms'>;
  export const contactForm: Labels['contactForm'];
  export const newsletter: Labels['newsletter'];
}

declare module '*/consent.labels.md' {
  type Labels = import('../content/labels.js').LabelsOf<'consent'>;
  export const consent: Labels['consent'];
}

declare module '*/plans.labels.md' {
  type Labels = import('../content/labels.js').LabelsOf<'plans'>;
  export const plans: Labels['plans'];
}

declare module '*/pages.labels.md' {
  type Labels = import('../content/labels.js').LabelsOf<'pages'>;
  export const legal: Labels['legal'];
  export const animation: Labels['animation'];
  export const about: Labels['about'];
  export const services: Labels['services'];
  export const sharedHosting: Labels['sharedHosting'];
  export const serverError: Labels['serverError'];
}

declare module '*/destinations.labels.md' {
  type Labels = import('../content/server-labels.js').ServerLabelsOf<'destinations'>;
  export const clientLogin: Labels['clientLogin'];
  export const payInvoice: Labels['payInvoice'];
  export const order: Labels['order'];
  export const submitTicket: Labels['submitTicket'];
  export const reportAbuse: Labels['reportAbuse'];
  export const statusPage: Labels['statusPage'];
  export const liveChat: Labels['liveChat'];
}

declare module '*/plan-details.labels.md' {
  type Labels = import('../content/server-labels.js').ServerLabelsOf<'plan-details'>;
  export const names: Labels['names'];
  export const descriptions: Labels['descriptions'];
  export const rows: Labels['rows'];
  export const values: Labels['values'];
  export const resources: Labels['resources'];
  export const accelerators: Labels['accelerators'];
  export const cardLines: Labels['cardLines'];
  export const terms: Labels['terms'];
}
