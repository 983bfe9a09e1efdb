// The words of the site's controls, as the tests name them: each labels file's
// groups (shared/content/*.labels.md), so that a test finds a button or a field
// by the words a visitor reads, and an editor who changes them changes no test.
import * as consentLabels from '../../shared/content/consent.labels.md';
import * as destinationsLabels from '../../shared/content/destinations.labels.md';
import * as formsLabels from '../../shared/content/forms.labels.md';
import * as headerLabels from '../../shared/content/header.labels.md';
import * as pagesLabels from '../../shared/content/pages.labels.md';
import * as planDetailsLabels from '../../shared/content/plan-details.labels.md';
import * as plansLabels from '../../shared/content/plans.labels.md';

export const labels = {
  ...headerLabels,
  ...formsLabels,
  ...consentLabels,
  ...plansLabels,
  ...pagesLabels,
  ...destinationsLabels,
  ...planDetailsLabels,
};

/** A label's fixed words: the runs between the {placeholders} filled where it shows, trimmed. */
export function fixedWords(label: string): string[] {
  return label
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
