// The six illustrations. Each is an original Lottie file made by
// scripts/animations.ts, with a still SVG of its first frame.
export const animationNames = ['analytics', 'payments', 'fintech', 'brainstorm', 'ai', 'hosting'] as const;

export type AnimationName = (typeof animationNames)[number];

/** Intrinsic size of every animation and still, in CSS pixels. */
export const animationSize = { width: 240, height: 160 };
