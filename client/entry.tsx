// The browser entry. The page is already fully rendered; this only makes the
// islands interactive. No client router: links are ordinary page loads, made
// instant by speculation rules, and the browser restores scroll on Back.
import { hydrateRoot } from 'react-dom/client';
import { islands, type IslandName } from '../shared/island.js';
import { startAnalytics } from './analytics.js';

document.documentElement.classList.add('js');

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  const Component = islands[name];
  if (!Component) continue;
  const props = JSON.parse(element.dataset.props ?? '{}');
  hydrateRoot(element, <Component {...props} />, {
    onRecoverableError(error) {
      console.error(`Island "${name}" could not hydrate cleanly`, error);
    },
  });
}

startAnalytics(document.body.dataset.gtmId);
