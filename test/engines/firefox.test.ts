// The interaction scenarios (./scenarios.ts) in Debian's Firefox ESR, driven over WebDriver BiDi.
import { interactionScenarios } from './scenarios.js';

interactionScenarios('firefox');
