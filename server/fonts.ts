// The one typeface resvg draws with, for the icons (server/images.ts) and the share image (server/share-image.ts).
import { createRequire } from 'node:module';

const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const fontOptions = { font: { fontFiles: [fontFile], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } };
