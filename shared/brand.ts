// The brand's look, written once: its colours and its mark (a cloud on a
// rounded square). The header's logo, the favicon and PNG icons (drawn by the
// build), the share image, the manifest and theme-color all take them from
// here; the stylesheet's --blue-700 and --blue-900 must match (a unit test
// compares them).
export const brandColours = {
  /** Buttons, links, the mark's square. */
  primary: '#1d4ed8',
  /** The deep end of the share image's gradient. */
  deep: '#1e3a8a',
} as const;

/**
 * The browser's toolbar colour (theme-color) in each colour scheme: the brand
 * blue on a light system; on a dark one the dark theme's page colour, as a
 * bright bar above a dark page would glare. The stylesheet's dark --surface
 * must match (a unit test compares them).
 */
export const themeColours = {
  light: brandColours.primary,
  dark: '#0b1220',
} as const;

/** The cloud of the mark, in a 32×32 box. */
export const markCloudPath = 'M10 20a4 4 0 0 1 .6-8 6 6 0 0 1 11.4 1.5A3.3 3.3 0 0 1 22 20z';

/** The mark as a standalone SVG: rounded for favicons, square for the larger icons that platforms round themselves. */
export function markSvg(size: number, rounded = true): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="${brandColours.primary}"/><path d="${markCloudPath}" fill="#fff"/></svg>`;
}
