// For the scripts run with tsx that read the route table (npm run lighthouse,
// npm run screenshots): a `.md` import becomes its data, as in the build.
// Loaded with --import, before the script's own imports are resolved.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { markdownModule } from './markdown-content.js';

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.md')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    return { format: 'module', source: markdownModule(path, readFileSync(path, 'utf8')), shortCircuit: true };
  },
});
