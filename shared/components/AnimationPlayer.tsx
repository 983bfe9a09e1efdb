// An illustration that plays as a Lottie animation once it scrolls into view.
// The server renders the still image; the Lottie player (a separate chunk) and
// the animation data are fetched only when the figure is about to be seen,
// never under prefers-reduced-motion, and never before the first paint.
import { useEffect, useRef, useState } from 'react';
import { animationSize } from '../content/animations.js';

export interface AnimationProps {
  /** Hashed URLs of the still image and the Lottie data. */
  still: string;
  data: string;
}

/** Wait for an idle moment, so the player never competes with the page's first work. */
function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(callback, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1500);
  return () => clearTimeout(handle);
}

// Players start one per idle moment, in turn: several illustrations in view at
// once (three on Custom Development) would otherwise build their SVG trees in
// one long task, which Lighthouse counts as blocking time.
let turn: Promise<void> = Promise.resolve();
const nextIdleTurn = () => (turn = turn.then(() => new Promise<void>((resolve) => void whenIdle(resolve))));

export function AnimationPlayer({ still, data }: AnimationProps) {
  const stage = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = stage.current;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    if (!element || motion.matches || !('IntersectionObserver' in window)) return;
    let player: { destroy(): void } | undefined;
    let cancelled = false;
    const play = async (entries: IntersectionObserverEntry[]) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      try {
        const [{ default: lottie }, animationData] = await Promise.all([
          import('lottie-web/build/player/lottie_light.js'),
          fetch(data).then((response) => response.json() as Promise<unknown>),
        ]);
        await nextIdleTurn();
        if (cancelled) return;
        const animation = lottie.loadAnimation({ container: element, renderer: 'svg', loop: true, autoplay: true, animationData });
        // The data is drawn at 30 frames a second; by default the player
        // interpolates a new frame on every display refresh (60 or more a
        // second), twice the main-thread work for no motion anyone sees. In
        // Lighthouse's trace of Custom Development (three players) the
        // player's main-thread time fell from 1.6-1.85 s to 1.15-1.17 s.
        animation.setSubframe(false);
        player = animation;
        setPlaying(true);
      } catch {
        // The still image stays: an illustration is never worth an error.
      }
    };
    const observer = new IntersectionObserver((entries) => void play(entries), { threshold: 0.1 });
    const cancelIdle = whenIdle(() => observer.observe(element));
    const stop = () => {
      if (!motion.matches) return;
      player?.destroy();
      player = undefined;
      setPlaying(false);
    };
    motion.addEventListener('change', stop);
    return () => {
      cancelled = true;
      cancelIdle();
      observer.disconnect();
      motion.removeEventListener('change', stop);
      player?.destroy();
    };
  }, [data]);

  return (
    <div className={playing ? 'animation is-playing' : 'animation'}>
      <img src={still} alt="" width={animationSize.width} height={animationSize.height} decoding="async" />
      <div className="animation-stage" ref={stage} aria-hidden="true" />
    </div>
  );
}
