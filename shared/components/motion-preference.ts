// Whether the site's animations may move, shared by every illustration on the
// page and remembered across pages and visits (localStorage), so a visitor who
// paused them once is not shown motion again (WCAG 2.2.2). A system setting
// for reduced motion goes further: no player is loaded at all, the stills stay.
import { useSyncExternalStore } from 'react';

const storageKey = 'animations';
const listeners = new Set<() => void>();
/** Where storage is refused (some private modes), the choice still holds on this page. */
let pausedOnThisPage = false;

function readPaused(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'paused';
  } catch {
    return pausedOnThisPage;
  }
}

export function setAnimationsPaused(paused: boolean): void {
  pausedOnThisPage = paused;
  try {
    if (paused) localStorage.setItem(storageKey, 'paused');
    else localStorage.removeItem(storageKey);
  } catch {
    // Kept for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribePaused(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True once the visitor has paused the animations. The server renders as if not (it cannot know). */
export function useAnimationsPaused(): boolean {
  return useSyncExternalStore(subscribePaused, readPaused, () => false);
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeMotion(listener: () => void): () => void {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * True in a browser whose system does not ask for reduced motion. False on
 * the server and while hydrating, so the page's HTML never has a control that
 * could not work without JavaScript.
 */
export function useMotionAllowed(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => !window.matchMedia(reducedMotionQuery).matches && 'IntersectionObserver' in window,
    () => false,
  );
}
