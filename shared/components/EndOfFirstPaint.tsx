import { bootstrapScript } from '../bootstrap.js';
import { useAssets } from '../assets.js';

/**
 * Where a page's first paint ends, placed by each page right after its first section: the start-up script, then the
 * whole stylesheet. The first paint draws with the rules inlined in <head> (scripts/first-paint-styles.tsx) and waits
 * for neither. What follows the link stays hidden until the stylesheet has loaded (the first-paint rules hide it, the
 * stylesheet shows it again), in every engine: Chromium holds it anyway, Firefox would draw it with the first paint's
 * rules alone. The script comes before the link because Chromium parses nothing after that link until the stylesheet
 * has loaded, and a tap meanwhile must find the script listening; it is not in <head>, where its bytes would delay the
 * first paint's (the first round trip holds what a first paint needs).
 */
export function EndOfFirstPaint() {
  const { stylesheet } = useAssets();
  return (
    <>
      <script type="module" async dangerouslySetInnerHTML={{ __html: bootstrapScript }} />
      <link rel="stylesheet" href={stylesheet} />
    </>
  );
}
