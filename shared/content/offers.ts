// Offers that several pages state in the same words: the Markdown copy names
// them as facts ({{planChanges}}, {{migrationOffer}}).

/** How customers change plans: the Scalable Plans card and the FAQ say it in these words. */
export const planChanges = 'Start small and move up a plan in one click as your traffic grows. No migration, no downtime.';

/** What the free migration does: the call to action and the FAQ say it in these words. */
export const migrationOffer =
  'Our team copies your files, databases and email for free, checks that everything works, and switches you over with no downtime.';
