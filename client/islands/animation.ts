// An illustration that plays as a Lottie animation once it scrolls into view:
// plain DOM code over the still the server rendered (shared/components/Animation.tsx).
// The Lottie player (a standalone module) and the animation data are fetched
// only when the figure is about to be seen, never under prefers-reduced-motion,
// never while the visitor has paused the animations, and never while the page
// is still loading: decorative motion waits until the page has settled, so on
// a slow phone it never competes with the visitor's first taps and stays out
// of the load's blocking time. Each illustration that may move has a
// pause/play button; the choice applies to all of them, is remembered across
// pages and visits (WCAG 2.2.2), and follows a choice made in another tab.
import type { AnimationItem } from 'lottie-web';
import { SETTLE_MS, type AnimationProps } from '../../shared/content/animations.js';
import { animation as labels } from '../../shared/content/pages.labels.md';

type LottiePlayer = typeof import('lottie-web/build/player/lottie_light.js');

const storageKey = 'animations';
/** Where storage is refused (some private modes), the choice still holds on this page. */
let pausedOnThisPage = false;
const players = new Set<() => void>();

function readPaused(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'paused';
  } catch {
    return pausedOnThisPage;
  }
}

function setPaused(paused: boolean): void {
  pausedOnThisPage = paused;
  try {
    if (paused) localStorage.setItem(storageKey, 'paused');
    else localStorage.removeItem(storageKey);
  } catch {
    // Kept for this page only.
  }
  for (const update of players) update();
}

addEventListener('storage', (event) => {
  if (event.key === storageKey || event.key === null) for (const update of players) update();
});

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const motionAllowed = () => !reducedMotion.matches && 'IntersectionObserver' in window;
reducedMotion.addEventListener('change', () => {
  for (const update of players) update();
});

/** Wait for an idle moment, so the player never competes with the page's first work. */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 1500);
}

const settled = new Promise<void>((resolve) => setTimeout(() => whenIdle(resolve), SETTLE_MS));

// Players start one per idle moment, in turn: several illustrations in view at
// once would otherwise build their SVG trees in one long task.
let turn: Promise<void> = Promise.resolve();
const nextIdleTurn = () => (turn = turn.then(() => new Promise<void>((resolve) => whenIdle(resolve))));

export function upgrade(island: HTMLElement): void {
  const { data } = JSON.parse(island.dataset.props ?? '{}') as AnimationProps;
  const figure = island.querySelector<HTMLElement>('.animation');
  const stage = island.querySelector<HTMLElement>('.animation-stage');
  const toggle = island.querySelector<HTMLButtonElement>('.animation-toggle');
  if (figure && stage && toggle) play({ figure, stage, toggle, data });
  island.dataset.upgraded = '';
}

/**
 * Plays one illustration while it may move and is on screen, with its pause/play button. Off screen it holds its frame:
 * a loop no one sees would keep a phone drawing 30 frames a second for nothing.
 */
function play({ figure, stage, toggle, data }: { figure: HTMLElement; stage: HTMLElement; toggle: HTMLElement; data: string }) {
  let player: AnimationItem | undefined;
  let loading = false;
  let onScreen = false;
  let watching = false;

  async function load() {
    loading = true;
    try {
      const [{ default: lottie }, animationData] = await Promise.all([
        // Built apart by scripts/build.ts, which gives its hashed URL.
        import(LOTTIE_PLAYER_URL) as Promise<LottiePlayer>,
        fetch(data).then((response) => response.json() as Promise<unknown>),
      ]);
      await nextIdleTurn();
      player = lottie.loadAnimation({ container: stage, renderer: 'svg', loop: true, autoplay: false, animationData });
      // The data is drawn at 30 frames a second; by default the player makes a
      // new frame on every display refresh, twice the work for no visible motion.
      player.setSubframe(false);
      update();
    } catch {
      // The still image stays: an illustration is never worth an error.
    }
  }

  /** Shows what the choice and the system allow: the button where motion may be, the player when it may move. */
  function update() {
    const allowed = motionAllowed();
    const paused = readPaused();
    toggle.hidden = !allowed;
    toggle.setAttribute('aria-label', paused ? labels.play : labels.pause);
    for (const icon of toggle.querySelectorAll<HTMLElement>('[data-shown-when]')) {
      icon.hidden = icon.dataset.shownWhen !== (paused ? 'paused' : 'playing');
    }
    figure.classList.toggle('has-player', Boolean(player) && allowed);
    if (allowed && !paused && !watching) {
      watching = true;
      const watcher = new IntersectionObserver(
        (entries) => {
          // Several changes may come at once: the latest is where it is now.
          onScreen = entries.at(-1)?.isIntersecting ?? onScreen;
          update();
        },
        { threshold: 0.1 },
      );
      void settled.then(() => watcher.observe(stage));
    }
    // Paused, it holds its frame; resumed, it goes on from there.
    if (allowed && !paused && onScreen) {
      if (player) player.play();
      else if (!loading) void load();
    } else player?.pause();
  }

  toggle.addEventListener('click', () => setPaused(!readPaused()));
  players.add(update);
  update();
}
