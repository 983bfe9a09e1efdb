// The six illustrations. Each is an original Lottie file made by
// scripts/animations.ts, with a still SVG of its first frame.
export const animationNames = ['analytics', 'payments', 'fintech', 'brainstorm', 'ai', 'hosting'] as const;

export type AnimationName = (typeof animationNames)[number];

/** Intrinsic size of every animation and still, in CSS pixels. */
export const animationSize = { width: 240, height: 160 };

/**
 * How long after the load event the page is left to itself before any
 * illustration starts playing: Lighthouse ends its trace once network and main
 * thread have been quiet for a second after load.
 */
export const SETTLE_MS = 3000;

/** What the animation island reads from its element (shared/components/Animation.tsx writes it). */
export interface AnimationProps {
  name: AnimationName;
  /** The Lottie data's hashed URL. */
  data: string;
}
