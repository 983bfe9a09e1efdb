// Inline SVG icons: no icon font, no extra request. All are decorative; the
// control or text beside them carries the accessible name.
import type { ReactNode } from 'react';
import { brandColours, markCloudPath } from '../brand.js';

export function Svg({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    // The stroke is the stylesheet's (.icon): written once there, not in every icon of a page.
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Svg>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const MenuIcon = () => (
  <Svg>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const ChevronIcon = () => (
  <Svg size={16}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const InfoIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Svg>
);
export const ArrowIcon = () => (
  <Svg size={18}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);
export const CheckIcon = () => (
  <Svg size={18}>
    <path d="m5 12 5 5L20 7" />
  </Svg>
);
export const ExternalIcon = () => (
  <Svg size={14}>
    <path d="M14 4h6v6M20 4 10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);

export const PauseIcon = () => (
  <Svg size={18}>
    <path d="M9 5v14M15 5v14" />
  </Svg>
);
export const PlayIcon = () => (
  <Svg size={18}>
    <path d="M7 5v14l12-7z" />
  </Svg>
);

/** The brand mark: a cloud over a server rack. */
export const LogoMark = () => (
  <svg className="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill={brandColours.primary} />
    <path d={markCloudPath} fill="#fff" />
  </svg>
);
