// A page's JSON-LD read by a JSON-LD processor (jsonld.js), as a search
// engine's structured-data parser reads it: every block expanded against the
// schema.org context into RDF triples. The context is served from
// test/fixtures (tests reach no network); any other remote document fails the
// test, and so does anything the processor would drop (safe mode), such as a
// property the context cannot expand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonld from 'jsonld';

const schemaOrgContext = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'schema-org-context.jsonld'), 'utf8'),
) as object;

/** The addresses under which pages name the schema.org context. */
const schemaOrg = new Set(['https://schema.org', 'https://schema.org/', 'http://schema.org', 'http://schema.org/']);

const documentLoader = (url: string) => {
  if (!schemaOrg.has(url)) return Promise.reject(new Error(`JSON-LD names a remote document other than schema.org's context: ${url}`));
  return Promise.resolve({ contextUrl: undefined, documentUrl: url, document: schemaOrgContext });
};

/** One RDF triple, its terms as N-Quads name them: IRIs and blank nodes by name, literals by value. */
export interface Triple {
  subject: string;
  predicate: string;
  object: string;
}

interface Quad {
  subject: { value: string };
  predicate: { value: string };
  object: { value: string };
}

export const schema = (term: string) => `http://schema.org/${term}`;
const rdfType = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** Every triple of every JSON-LD block of the page's HTML. */
export async function jsonLdTriples(html: string): Promise<Triple[]> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as object);
  const triples: Triple[] = [];
  for (const block of blocks) {
    // The typings predate safe mode and the quads' shape.
    const quads = (await jsonld.toRDF(block, { documentLoader, safe: true } as jsonld.Options.ToRdf)) as Quad[];
    triples.push(...quads.map((quad) => ({ subject: quad.subject.value, predicate: quad.predicate.value, object: quad.object.value })));
  }
  return triples;
}

/** The subjects the triples say are of the schema.org type. */
export const subjectsOfType = (triples: Triple[], type: string) => [
  ...new Set(triples.filter((t) => t.predicate === rdfType && t.object === schema(type)).map((t) => t.subject)),
];

/** What the triples say of one subject: each property's values, sorted. */
export function propertiesOf(triples: Triple[], subject: string): Record<string, string[]> {
  const properties: Record<string, string[]> = {};
  for (const triple of triples.filter((t) => t.subject === subject)) (properties[triple.predicate] ??= []).push(triple.object);
  for (const values of Object.values(properties)) values.sort();
  return properties;
}
