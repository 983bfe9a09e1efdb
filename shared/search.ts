// The site search's engine: the index (every page and section, read from the
// rendered pages at start-up, server/search-index.ts) and MiniSearch over it,
// with prefix and fuzzy matching, titles weighing more than text, marketing
// pages above legal clauses, and the synonyms of the content data. It has no
// React in it: scripts/build.ts builds it as a module of its own that the
// search panel imports the first time search opens, so no page pays for it.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { searchSynonyms } from './content/search-synonyms.js';

export interface SearchEntry {
  title: string;
  path: string;
  /** The page the entry belongs to, for section entries. */
  page: string;
  text: string;
  /** A legal document's clause: ranked below the marketing pages for the same words. */
  legal?: boolean;
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

/** One query word, widened to its synonyms (a phrase among them must match whole). */
function widened(word: string): Query {
  const group = searchSynonyms.find((members) => members.includes(word));
  if (!group) return word;
  return {
    combineWith: 'OR',
    queries: group.map((member) => (member.includes(' ') ? { combineWith: 'AND', queries: words(member) } : member)),
  };
}

/** The query as MiniSearch takes it: every word must match, each as itself or a synonym. */
function queryOf(text: string): Query | undefined {
  const lower = text.toLowerCase().trim();
  // A synonym phrase typed whole ("cloud compute") is one word of the query.
  const phrases = searchSynonyms.flat().filter((member) => member.includes(' ') && lower.includes(member));
  let rest = lower;
  for (const phrase of phrases) rest = rest.replace(phrase, ' ');
  const parts: Query[] = [...phrases.map(widened), ...words(rest).map(widened)];
  if (parts.length === 0) return undefined;
  return { combineWith: 'AND', queries: parts };
}

/** About SNIPPET_CHARS of the entry's text around its first match, with the matched words marked. */
function snippetOf(text: string, terms: string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0);
  const first = positions.length ? Math.min(...positions) : 0;
  let start = Math.max(0, first - 40);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  const window = `${start > 0 ? '…' : ''}${text.slice(start, end).trimEnd()}${end < text.length ? '…' : ''}`;
  if (terms.length === 0) return [{ text: window, marked: false }];
  const pattern = new RegExp(`(${terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return window
    .split(pattern)
    .filter(Boolean)
    .map((part) => ({ text: part, marked: terms.includes(part.toLowerCase()) }));
}

export function searchOver(entries: SearchEntry[], limit = 8): Search {
  const index = new MiniSearch<SearchEntry & { id: number }>({
    fields: ['title', 'page', 'text'],
    storeFields: [],
    searchOptions: {
      boost: { title: 3, page: 1.5 },
      prefix: (term) => term.length > 2,
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
    },
  });
  index.addAll(entries.map((entry, id) => ({ ...entry, id })));
  return (text) => {
    const query = queryOf(text);
    if (!query) return [];
    const hits = index.search(query).flatMap((result: SearchResult) => {
      const entry = entries[result.id as number];
      return entry ? [{ entry, snippet: snippetOf(entry.text, result.terms) }] : [];
    });
    // Legal clauses repeat the words of every offer ("uptime", "backups",
    // "support"): the pages that sell come first, each group best first.
    return [...hits.filter((hit) => !hit.entry.legal), ...hits.filter((hit) => hit.entry.legal)].slice(0, limit);
  };
}

/** Fetches the index once per URL (again after a failure) and gives the search over it. */
export async function loadSearch(url: string): Promise<Search> {
  return searchOver(await loadIndex(url));
}
