// Words visitors search with that the pages say differently. A query word in a
// group also finds the group's other words. Honest by construction: a group
// only widens the search to words the site uses, so a word with nothing
// behind it still finds nothing (and the panel offers to contact us).
export const searchSynonyms: string[][] = [
  ['price', 'prices', 'pricing', 'cost', 'costs', 'plans', 'monthly', 'yearly'],
  ['vps', 'cloud compute', 'server', 'servers'],
  ['status', 'uptime', 'outage', 'downtime'],
  ['domain', 'domains', 'dns'],
  ['refund', 'money-back', 'money back'],
  ['backup', 'backups', 'restore', 'restores'],
  ['email', 'mail'],
  ['ssl', 'https', 'certificate'],
];
