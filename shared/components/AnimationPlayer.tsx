// An illustration that plays as a Lottie animation once it scrolls into view.
// The server renders the still image; the Lottie player (a standalone module) and
// the animation data are fetched only when the figure is about to be seen,
// never under prefers-reduced-motion, never while the visitor has paused the
// animations, and never while the page is still loading: decorative motion
// waits until the page has settled (below), so on a slow phone it never
// competes with the visitor's first taps, and it stays out of the load's
// blocking time. Each playing illustration has
// a pause/play button; the choice applies to all of them and is remembered.
import { useEffect, useRef, useState } from 'react';
import type { AnimationItem } from 'lottie-web';
import { animationSize } from '../content/animations.js';
import { PauseIcon, PlayIcon } from './icons.js';
import { setAnimationsPaused, useAnimationsPaused, useMotionAllowed } from './motion-preference.js';

export interface AnimationProps {
  /** Hashed URLs of the still image and the Lottie data. */
  still: string;
  data: string;
}

/** Wait for an idle moment, so the player never competes with the page's first work. */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 1500);
}

/** How long after the load event the page is left to itself before any player starts. */
export const SETTLE_MS = 3000;

// One for the page: the load event, SETTLE_MS without our work, then an idle moment.
// (Lighthouse ends its trace once network and main thread have been quiet for
// a second after load; measured on Custom Development at its mobile CPU slowdown,
// the player's start made 75-83 ms long tasks inside it.)
let settled: Promise<void> | undefined;
function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const wait = () => setTimeout(() => whenIdle(resolve), SETTLE_MS);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return settled;
}

// Players start one per idle moment, in turn: several illustrations in view at
// once (three on Custom Development) would otherwise build their SVG trees in
// one long task, which Lighthouse counts as blocking time.
let turn: Promise<void> = Promise.resolve();
const nextIdleTurn = () => (turn = turn.then(() => new Promise<void>((resolve) => whenIdle(resolve))));

type LottiePlayer = typeof import('lottie-web/build/player/lottie_light.js');

export function AnimationPlayer({ still, data }: AnimationProps) {
  const stage = useRef<HTMLDivElement>(null);
  const player = useRef<AnimationItem>(undefined);
  const [loaded, setLoaded] = useState(false);
  const motionAllowed = useMotionAllowed();
  const paused = useAnimationsPaused();
  const live = motionAllowed && !paused;

  // Load the player the first time the illustration may move and is about to be seen.
  useEffect(() => {
    const element = stage.current;
    if (!element || !live || player.current) return;
    let cancelled = false;
    const play = async (entries: IntersectionObserverEntry[]) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      try {
        const [{ default: lottie }, animationData] = await Promise.all([
          // Built apart by scripts/build.ts, which gives its hashed URL.
          import(LOTTIE_PLAYER_URL) as Promise<LottiePlayer>,
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
        player.current = animation;
        setLoaded(true);
      } catch {
        // The still image stays: an illustration is never worth an error.
      }
    };
    const observer = new IntersectionObserver((entries) => void play(entries), { threshold: 0.1 });
    void pageSettled().then(() => {
      if (!cancelled) observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [data, live]);

  // Paused, it holds its frame; resumed, it goes on from there. A system
  // switching to reduced motion stops it and gets the still back.
  useEffect(() => {
    if (live) player.current?.play();
    else player.current?.pause();
  }, [live, loaded]);

  useEffect(
    () => () => {
      player.current?.destroy();
      player.current = undefined;
    },
    [],
  );

  return (
    <div className={loaded && motionAllowed ? 'animation has-player' : 'animation'}>
      <img src={still} alt="" width={animationSize.width} height={animationSize.height} decoding="async" />
      <div className="animation-stage" ref={stage} aria-hidden="true" />
      {motionAllowed && (
        <button
          type="button"
          className="icon-button animation-toggle"
          aria-label={paused ? 'Play animations' : 'Pause animations'}
          onClick={() => setAnimationsPaused(!paused)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      )}
    </div>
  );
}
