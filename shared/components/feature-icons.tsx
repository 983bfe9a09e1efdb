// Icons of the feature cards and contact methods. Kept apart from the interface
// icons in icons.tsx because only server-rendered sections use them, so they
// never reach the client bundle.
import type { ReactElement } from 'react';
import type { FeatureIconName } from '../content/icons.js';
import { Svg } from './icons.js';

/** Feature and service icons, named by what they stand for in the content modules. */
export const featureIcons = {
  speed: (
    <Svg>
      <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
    </Svg>
  ),
  shield: (
    <Svg>
      <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
      <path d="m9 12 2 2 4-4" />
    </Svg>
  ),
  uptime: (
    <Svg>
      <path d="M3 12h4l3-7 4 14 3-7h4" />
    </Svg>
  ),
  support: (
    <Svg>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="14" width="4" height="6" rx="1" />
      <rect x="17" y="14" width="4" height="6" rx="1" />
    </Svg>
  ),
  scale: (
    <Svg>
      <path d="M4 20h16M7 16v-4M12 16V8M17 16V4" />
    </Svg>
  ),
  code: (
    <Svg>
      <path d="m8 8-4 4 4 4M16 8l4 4-4 4M14 5l-4 14" />
    </Svg>
  ),
  storage: (
    <Svg>
      <rect x="3" y="4" width="18" height="7" rx="2" />
      <rect x="3" y="13" width="18" height="7" rx="2" />
      <path d="M7 7.5h.01M7 16.5h.01" />
    </Svg>
  ),
  backup: (
    <Svg>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 3" />
    </Svg>
  ),
  panel: (
    <Svg>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M8 14h3M8 17h6" />
    </Svg>
  ),
  wordpress: (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="m6.5 8 4 11 2-6 2 6 3-11M5 8h4M13 8h4" />
    </Svg>
  ),
  server: (
    <Svg>
      <rect x="4" y="3" width="16" height="8" rx="1" />
      <rect x="4" y="13" width="16" height="8" rx="1" />
      <path d="M8 7h.01M8 17h.01M12 7h4M12 17h4" />
    </Svg>
  ),
  chat: (
    <Svg>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </Svg>
  ),
  mail: (
    <Svg>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Svg>
  ),
  star: (
    <Svg>
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </Svg>
  ),
  wrench: (
    <Svg>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
    </Svg>
  ),
} satisfies Record<FeatureIconName, ReactElement>;
