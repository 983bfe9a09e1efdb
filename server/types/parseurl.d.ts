// parseurl 1.x, as the site uses it (no published types): Express's own parse
// of a request target, remembered on the request, which req.path reads.
declare module 'parseurl' {
  import type { IncomingMessage } from 'node:http';
  export default function parseurl(req: IncomingMessage): { pathname: string | null } | undefined;
}
