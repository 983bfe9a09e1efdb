// negotiator 1.x, as the site uses it (DefinitelyTyped has types for 0.6 only,
// without the tie-breaking `preferred` option that 1.0 added).
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';
  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
