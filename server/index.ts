// Process entry: the site started from the build this file is part of
// (dist/, one folder up from dist/server/), configured by the process's
// environment (server/serve.ts).
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve } from './serve.js';

const startedAt = process.hrtime.bigint();
await serve(join(dirname(fileURLToPath(import.meta.url)), '..'), startedAt);
