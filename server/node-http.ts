// node:http, loaded through require. Node 26's ES-module view of node:http
// reads every export when it is imported, including the fetch API's lazily
// loaded ones, and so loads undici, many times slower at start-up than through
// require (docs/performance.md). Types still come from `import type`.
import { createRequire } from 'node:module';

const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export const { createServer, IncomingMessage, ServerResponse, STATUS_CODES } = http;
