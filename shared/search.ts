// The site search's engine, one for the search panel (in the browser) and the
// search page (/search, on the server): the index (every page, section, FAQ
// question and portal task, read from the rendered pages at start-up,
// server/search-index.ts) and MiniSearch over it. Words are stemmed (move,
// moving; migrate, migration), forgiven a typo, widened to the synonyms
// visitors use, and the words that carry no topic ("how do I") are left out.
// It has no React in it: scripts/build.ts builds it as a module of its own
// that the panel imports the first time search opens, so no page pays for it.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';
import { normalisedQuery } from './search-query.js';
import {
  legalIntentWords,
  legalMarkerWords,
  searchGenericWords,
  searchSaleWords,
  searchStopWords,
  searchSynonyms,
} from './content/search-synonyms.js';

export interface SearchEntry {
  /** The visible heading of the page, section or question; the task's name for a destination. */
  title: string;
  /** Site path (with #section), or the external address of a portal task. */
  path: string;
  /** The page the entry belongs to (its name in the menus), or "Client portal". */
  page: string;
  /** Visible text only: snippets are cut from it. */
  text: string;
  /** Words visitors use for it that the text need not say: a section's or a task's. */
  keywords?: string;
  /** What a whole page is about (its description and keywords): weighs less than a section's words, so that the section that answers comes first. */
  about?: string;
  /** A legal clause (ranked below the pages that sell for the same words), or a task in the client portal (leaves the site). */
  kind?: 'legal' | 'external';
  /** A card of a section (a feature, a plan, a step), listed at its section's address. */
  card?: boolean;
  /** A FAQ's question and its answer. */
  answers?: boolean;
  /** A closing call to action: the page's promise again, in a few dense words; the sections that explain come first. */
  call?: boolean;
  /** A portal task's name in the relevance set (shared/content/search-destinations.ts). */
  destination?: string;
}

/** A part of a snippet, marked where it matched the query. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

export interface SearchHit {
  entry: SearchEntry;
  snippet: SnippetPart[];
}

/** Finds the entries that match a visitor's query, best first. */
export type Search = (query: string) => SearchHit[];

const SNIPPET_CHARS = 160;
const RESULTS = 8;
const MAX_TERMS = 8;
const CARD_BOOST = 0.5;
/** A call to action weighs as little as a card: its words are few, and all of them the page's own. */
const CALL_BOOST = 0.5;

const cache = new Map<string, Promise<SearchEntry[]>>();

function loadIndex(url: string): Promise<SearchEntry[]> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`Search index answered ${response.status}`);
      return response.json() as Promise<SearchEntry[]>;
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const stem = (word: string) => stemmer(word);

const fieldBoost = { title: 3, keywords: 2, about: 0.8, page: 1.2 };
/** A synonym counts for less than the word the visitor typed. */
const synonymBoost = { title: 1.5, keywords: 1, about: 0.4, page: 0.6, text: 0.5 };

/** A phrase matches as written: every word, none widened to a longer one ("back" is not "backups"). */
const phrase = (text: string): Query => ({ combineWith: 'AND', queries: words(text), prefix: false, fuzzy: false });

/** One query word (or phrase), widened to its synonyms; the word being typed also stands for the words it begins ("hos": hosting). */
function widened(word: string, typing = false): Query {
  const typed: Query = word.includes(' ') ? phrase(word) : { queries: [word], prefix: typing && word.length > 2 };
  const group = searchSynonyms.find((members) => members.includes(word));
  if (!group) return typed;
  const others = group.filter((member) => member !== word).map((member) => (/[\s-]/.test(member) ? phrase(member) : member));
  // Synonyms match as written: "mail" is not "mailing".
  return { combineWith: 'OR', queries: [typed, { combineWith: 'OR', queries: others, boost: synonymBoost, prefix: false, fuzzy: false }] };
}

/** The query's topic terms: each word that carries a topic, or a synonym phrase typed whole. */
function queryTerms(text: string): { terms: string[]; legalIntent: boolean; question: boolean } {
  const lower = ` ${words(text).join(' ')} `;
  // A synonym phrase typed whole ("how much", "sign in") is one part of the query, stop words and all.
  const phrases = searchSynonyms
    .flat()
    .filter((member) => member.includes(' ') && lower.includes(` ${member} `))
    .sort((a, b) => b.length - a.length);
  let rest = lower;
  const found: string[] = [];
  for (const phrase of phrases) {
    if (!rest.includes(` ${phrase} `)) continue;
    found.push(phrase);
    rest = rest.replace(` ${phrase} `, ' ');
  }
  const queryWords = words(rest).filter((word) => !searchStopWords.has(word));
  // "refund polcy" asks for the rules as much as "refund policy" does.
  const isMarker = (word: string) => [...legalMarkerWords].some((marker) => withinEdits(word, marker, word.length >= 5 ? 1 : 0));
  const topicWords = queryWords.filter((word) => !isMarker(word));
  // A query of nothing but such words ("terms", "about us") is searched as typed.
  const required = found.length + topicWords.length ? topicWords : queryWords.length ? queryWords : words(rest);
  return {
    // Each word once, and no more than a question has: the cost of a query is bounded whatever is typed.
    terms: [...new Set([...found, ...required])].slice(0, MAX_TERMS),
    legalIntent: [...found, ...queryWords].some((word) => legalIntentWords.has(word) || isMarker(word)),
    // "do you do backups" asks what a FAQ answers; "backups" looks for the offer.
    question: text.includes('?') || queryWords.length < words(rest).length,
  };
}

/** Whether two words are at most `most` edits apart: a letter added, removed or replaced, or two neighbours swapped. */
function withinEdits(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most) return false;
  // The optimal string alignment distance, row by row (each row one letter of a).
  const at = (row: number[], j: number) => row[j] ?? Number.POSITIVE_INFINITY;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
      let best = Math.min(at(previous, j) + 1, at(row, j - 1) + 1, at(previous, j - 1) + cost);
      const swapped = i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1);
      if (swapped) best = Math.min(best, at(before, j - 2) + 1);
      row.push(best);
    }
    before = previous;
    previous = row;
  }
  return at(previous, b.length) <= most;
}

/**
 * The synonym phrases a query was widened to ("backup": "back up", "backed
 * up"), each as its words' stems: their words count as a match only side by
 * side, never "back" or "up" on its own.
 */
function phrasesOf(terms: string[]): { phrases: string[][]; phraseOnly: Set<string> } {
  const members = [...new Set(terms.flatMap((term) => [term, ...(searchSynonyms.find((group) => group.includes(term)) ?? [])]))];
  const isPhrase = (member: string) => /[\s-]/.test(member);
  const phrases = members.filter(isPhrase).map((member) => words(member).map(stem));
  const singles = new Set(members.filter((member) => !isPhrase(member)).map(stem));
  // "back" and "up" of "back up", but not "domain" of "domain name": "domain" is a synonym on its own.
  return { phrases, phraseOnly: new Set(phrases.flat().filter((word) => !singles.has(word))) };
}

/** About SNIPPET_CHARS of the entry's text around its first match, with the matched words marked. */
function snippetOf(text: string, terms: string[], { phrases, phraseOnly }: ReturnType<typeof phrasesOf>): SnippetPart[] {
  const lower = text.toLowerCase();
  // A word that matched only as part of a phrase is marked, and placed, only where the whole phrase stands.
  const single = new Set(terms.filter((term) => !phraseOnly.has(term) && !phraseOnly.has(stem(term))));
  const found = (pattern: string) => lower.search(new RegExp(`\\b${pattern}`));
  const phraseAt = (words: string[]) => found(words.map((word) => `${escaped(word)}[\\p{L}\\p{N}]*`).join('[^\\p{L}\\p{N}]+'));
  const positions = [...[...single].map((term) => found(escaped(term))), ...phrases.map(phraseAt)].filter((at) => at >= 0);
  const first = positions.length ? Math.min(...positions) : 0;
  let start = Math.max(0, first - 40);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  const window = `${start > 0 ? '…' : ''}${text.slice(start, end).trimEnd()}${end < text.length ? '…' : ''}`;
  if (terms.length === 0) return [{ text: window, marked: false }];
  // The terms are the words of the text that matched, as indexed: whole, or
  // their stem ("migrat" marks "migration", not "back" "backups").
  const marks = (word: string) => single.has(word.toLowerCase()) || single.has(stem(word.toLowerCase()));
  // split() with one capturing group puts the words at the odd places.
  const split = window.split(/([\p{L}\p{N}]+)/u);
  const stems = split.map((part, index) => (index % 2 === 1 ? stem(part.toLowerCase()) : ''));
  const inPhrase = new Set<number>();
  for (const phrase of phrases) {
    for (let at = 1; at + 2 * (phrase.length - 1) < split.length; at += 2) {
      const places = phrase.map((_, offset) => at + 2 * offset);
      if (places.every((place, offset) => stems[place] === phrase[offset])) for (const place of places) inPhrase.add(place);
    }
  }
  return split
    .map((part, index) => ({ text: part, marked: index % 2 === 1 && (marks(part) || inPhrase.has(index)) }))
    .reduce<SnippetPart[]>((parts, part) => {
      const last = parts.at(-1);
      if (last && last.marked === part.marked) last.text += part.text;
      else if (part.text) parts.push({ ...part });
      return parts;
    }, []);
}

const escaped = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Indexed = SearchEntry & { id: number; wholePage: boolean; answer: boolean; card: boolean; call: boolean };

/** Whether every term of the query is a word of the title, give or take a typo: the visitor names the page ("hostng", "website maintenance"). */
function namesTitle(title: string, terms: string[]): boolean {
  const topical = terms.filter((term) => !searchStopWords.has(term));
  const named = topical.length ? topical : terms;
  return (
    named.length > 0 &&
    named.every((term) => words(title).some((word) => stem(word) === stem(term) || withinEdits(word, term, typos(term) || 0)))
  );
}

/** Typos forgiven: one in a word of five letters or more, two from eight (a swap of two letters counts as two: see swapsOf). */
const typos = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false);

/** The word with each pair of neighbouring letters swapped ("lgoin": login, lgion, lgoni…). */
function swapsOf(word: string): string[] {
  if (word.includes(' ') || word.length < 4) return [];
  return Array.from({ length: word.length - 1 }, (_, at) => word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2));
}

export function searchOver(entries: SearchEntry[], limit = RESULTS): Search {
  const index = new MiniSearch<Indexed>({
    fields: ['title', 'keywords', 'about', 'page', 'text'],
    storeFields: ['kind', 'title', 'wholePage', 'answer', 'card', 'call'],
    // Stemmed, so that "moving" finds "moved"; and as written too, so that a
    // typo is forgiven against the whole word ("hostng" is one letter from
    // "hosting" but two from its stem, "host").
    processTerm: (term) => {
      const lower = term.toLowerCase();
      const stemmed = stem(lower);
      return stemmed === lower ? lower : [stemmed, lower];
    },
    searchOptions: {
      processTerm: (term) => stem(term.toLowerCase()),
      boost: fieldBoost,
      // Only the word being typed is a beginning (see widened): a finished word is not taken for a longer one ("buy" is not "built").
      prefix: false,
      fuzzy: typos,
    },
  });
  index.addAll(
    entries.map((entry, id) => ({
      ...entry,
      id,
      // Stored for boostDocument: whether the entry is a whole page.
      wholePage: !entry.path.includes('#') && entry.kind !== 'external',
      answer: entry.answers === true,
      card: entry.card === true,
      call: entry.call === true,
      // A task elsewhere is found by the words visitors use for it, not by its description's ("uptime", "invoices").
      text: entry.kind === 'external' ? '' : entry.text,
    })),
  );
  /** Whether the site uses the word as typed (give or take a typo), not only its synonyms. */
  const usesWord = (term: string, forgiving = true) =>
    index.search(term.includes(' ') ? phrase(term) : term, { prefix: false, fuzzy: forgiving && typos }).length > 0;
  // The abbreviations the pages write in capitals (SSL, PHP, SLA), with how
  // many entries write each: a short word is forgiven no typo, but a mistyped
  // abbreviation is read as the one a letter from it ("sll": SSL), the most
  // written where two are ("sll" is a letter from SLA too).
  const abbreviations = new Map<string, number>();
  for (const entry of entries) {
    for (const word of new Set(`${entry.title} ${entry.text}`.match(/\b[A-Z]{3,4}\b/g))) {
      abbreviations.set(word.toLowerCase(), (abbreviations.get(word.toLowerCase()) ?? 0) + 1);
    }
  }
  function abbreviationsNear(term: string): string[] {
    if (term.length < 3 || term.length > 4) return [];
    const near = [...abbreviations].filter(([word]) => word.length === term.length && withinEdits(term, word, 1));
    const most = Math.max(...near.map(([, count]) => count));
    return near.filter(([, count]) => count === most).map(([word]) => word);
  }
  /** Whether the site uses a phrase's own word that stands for it ("domain name": "domain"). */
  const usesWordOf = (phrase: string) =>
    phrase.includes(' ') &&
    (searchSynonyms.find((group) => group.includes(phrase)) ?? []).some((member) => words(phrase).includes(member) && usesWord(member));
  const finds = (query: Query) => index.search(query).length > 0;
  const matchedBy = (query: Query) => new Set(index.search(query).map((result) => result.id as number));

  /**
   * A term as searched: widened to its synonyms; a word the site does not
   * know, to the site's words one swap of letters away ("lgoin"). With the
   * entries it matches, and whether the site uses the word itself.
   */
  function searched(term: string, typing: boolean): { query: Query; matching: Set<number>; known: boolean } | undefined {
    const query = widened(term, typing);
    const matching = matchedBy(query);
    if (matching.size)
      return { query, matching, known: usesWord(term) || usesWordOf(term) || (typing && finds({ queries: [term], prefix: true })) };
    const swaps = [...swapsOf(term), ...abbreviationsNear(term)].filter((swap) => usesWord(swap, false));
    if (!swaps.length) return undefined;
    const swapped: Query = { combineWith: 'OR', queries: swaps.map((swap) => widened(swap)) };
    return { query: swapped, matching: matchedBy(swapped), known: true };
  }

  return (text) => {
    const { query } = normalisedQuery(text);
    const { terms, legalIntent, question } = queryTerms(query);
    // The last word may be unfinished (the panel searches as the visitor types); the words before it are whole.
    const typing = words(query).at(-1);
    const parts = terms.map((term) => searched(term, term === typing));
    const found = parts.filter((part) => part !== undefined);
    // A word the site does not use is left out, but only beside a word it
    // does that carries a topic: "cheap flights" and "minecraft server" find
    // nothing, rather than the prices or every page that says "server".
    const topical = terms.filter((term, at) => parts[at]?.known && !searchGenericWords.has(term));
    if (found.length === 0 || (found.length < parts.length && topical.length === 0)) return [];
    const queries = found.map((part) => part.query);
    const phrases = phrasesOf(terms);
    // Legal clauses repeat the words of every offer ("uptime", "backups",
    // "support"): below the pages that sell, unless the visitor asks for the rules.
    const boostDocument = (_id: unknown, _term: string, stored?: Record<string, unknown>) => {
      const legal = stored?.kind === 'legal' ? (legalIntent ? 2.5 : 0.4) : 1;
      return legal * placeBoost(stored);
    };
    /** Where in its page the entry stands. */
    const placeBoost = (stored?: Record<string, unknown>) => {
      // The section that answers comes before the page that holds it, unless the visitor names the page (and asks nothing of it:
      // "what does website maintenance include" wants the section that says).
      if (stored?.wholePage === true) return !question && typeof stored.title === 'string' && namesTitle(stored.title, terms) ? 1.5 : 0.3;
      if (stored?.answer === true) return question ? 1.5 : 0.7;
      // A card is one part of its section: its heading alone weighs less than a section's.
      if (stored?.card === true) return CARD_BOOST;
      if (stored?.call === true) return CALL_BOOST;
      return 1;
    };
    // An entry that matches more of the query's words comes first (its score
    // multiplied by the share of the words it matches): all of them when some
    // entry has them all, and when none has, the closest.
    const coverage = (id: number) => found.filter((part) => part.matching.has(id)).length / found.length;
    // "Do you sell domain names" asks whether that thing is sold: a page that sells something else ("we do not sell
    // it", of an address) or names the thing without selling it is no answer. Only an entry with every word is.
    const asksWhatIsSold = terms.some((term) => searchSaleWords.has(term)) && found.length === parts.length && found.length > 1;
    if (asksWhatIsSold && !found.some((part) => [...part.matching].some((id) => coverage(id) === 1))) return [];
    const results: SearchResult[] = index
      .search({ combineWith: 'OR', queries }, { boostDocument })
      .map((result) => ({ ...result, score: result.score * coverage(result.id as number) }))
      .sort((a, b) => b.score - a.score);
    // A section and its cards share an address: it is listed once, as whichever matched best.
    const listed = new Set<string>();
    const hits: SearchHit[] = [];
    for (const result of results) {
      const entry = entries[result.id as number];
      if (!entry || listed.has(entry.path)) continue;
      listed.add(entry.path);
      hits.push({ entry, snippet: snippetOf(entry.text, result.terms, phrases) });
      if (hits.length === limit) break;
    }
    return hits;
  };
}

/** Fetches the index once per URL (again after a failure) and gives the search over it. */
export async function loadSearch(url: string): Promise<Search> {
  return searchOver(await loadIndex(url));
}
