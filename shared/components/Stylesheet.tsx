import { useAssets } from '../assets.js';

/**
 * A script that waits for the stylesheet before it: a classic script runs only once every stylesheet before it has
 * loaded, and the parser reads nothing after it until it has run. Chromium draws nothing after a stylesheet still
 * loading anyway; Firefox would draw it with the first paint's rules alone.
 */
export const stylesheetWait = ' ';

/**
 * The whole stylesheet, placed by each page right after its first section: the first paint draws with the rules
 * inlined in <head> (scripts/first-paint-styles.tsx) and does not wait for it, and nothing after it is drawn before it
 * has loaded (stylesheetWait).
 */
export function Stylesheet() {
  const { stylesheet } = useAssets();
  return (
    <>
      <link rel="stylesheet" href={stylesheet} />
      <script dangerouslySetInnerHTML={{ __html: stylesheetWait }} />
    </>
  );
}
