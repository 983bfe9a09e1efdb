// The server code `npm run dev` bundles and imports afresh after each build
// (scripts/dev.ts): what it takes to start the site in that process.
export { loadConfig } from '../server/config.js';
export { createLogger } from '../server/logger.js';
export { startSite } from '../server/start.js';
