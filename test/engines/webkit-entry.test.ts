// The entry scenarios (./entry-scenarios.ts) in WebKitGTK (Debian's webkit2gtk-driver and its MiniBrowser under Xvfb), driven over WebDriver.
import { entryScenarios } from './entry-scenarios.js';

entryScenarios('webkit');
