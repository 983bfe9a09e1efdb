// The interaction scenarios (./scenarios.ts) in WebKitGTK (Debian's webkit2gtk-driver and its MiniBrowser under Xvfb), driven over WebDriver.
import { interactionScenarios } from './scenarios.js';

interactionScenarios('webkit');
