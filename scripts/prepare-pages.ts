// Run by the build (scripts/build.ts), bundled with the server's own build options so that the pages render exactly as
// the server renders them: prepares every page for the configuration of the build's environment and writes them into
// the build (server/prepared-at-build.ts), which a start with the same configuration reads.
import { join } from 'node:path';
import { loadConfig } from '../server/config.js';
import { readManifest } from '../server/manifest.js';
import { writePreparedSite } from '../server/prepared-at-build.js';
import { addBrotliForms } from '../server/prepared-site.js';
import { prepareSite } from '../server/render-site.js';

const distDir = process.argv[2];
if (!distDir) throw new Error('usage: prepare-pages <dist folder>');
const config = loadConfig();
const manifest = readManifest(distDir);
const site = await prepareSite(config, manifest, join(distDir, 'public'));
await addBrotliForms(site);
writePreparedSite(site, config, manifest, distDir);
