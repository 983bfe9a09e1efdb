// The entry scenarios (./entry-scenarios.ts) in Debian's Chromium, driven by playwright-core.
import { entryScenarios } from './entry-scenarios.js';

entryScenarios('chromium');
