// The entry scenarios (./entry-scenarios.ts) in Debian's Firefox ESR, driven over WebDriver BiDi.
import { entryScenarios } from './entry-scenarios.js';

entryScenarios('firefox');
