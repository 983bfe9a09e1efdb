// A decorative illustration: the still image, which the animation island
// (client/islands/animation.ts) plays as a Lottie animation once the page has
// settled and the figure is about to be seen. Its pause/play button is in the
// HTML but hidden: it shows only where the island runs, so the page never has
// a control that could not work without JavaScript.
import { useAssets } from '../assets.js';
import { animationSize, type AnimationName, type AnimationProps } from '../content/animations.js';
import { Island } from '../island.js';
import { PauseIcon, PlayIcon } from './icons.js';
import { animation as labels } from '../content/pages.labels.md';

function AnimationStill({ name }: AnimationProps) {
  // The still is in the page (a data: URI, server/prepared-site.ts): drawn with the first paint, never after a request.
  const { still } = useAssets().animations[name];
  return (
    <div className="animation">
      <img src={still} alt="" width={animationSize.width} height={animationSize.height} decoding="async" />
      <div className="animation-stage" aria-hidden="true" />
      <button type="button" className="icon-button animation-toggle" aria-label={labels.pause} hidden>
        <span data-shown-when="playing">
          <PauseIcon />
        </span>
        <span data-shown-when="paused" hidden>
          <PlayIcon />
        </span>
      </button>
    </div>
  );
}

export function Animation({ name }: { name: AnimationName }) {
  return <Island name="animation" component={AnimationStill} props={{ name, data: useAssets().animations[name].data }} when="load" />;
}
