// An illustration that plays as a Lottie animation once it scrolls into view.
// The server renders the still image; the Lottie player (a separate chunk) and
// the animation data are fetched only when the figure is about to be seen,
// never under prefers-reduced-motion, and never before the first paint.
import { useEffect, useRef, useState } from 'react';
import { animationSize, animationUrls, type AnimationName } from '../content/animations.js';

export interface AnimationProps {
  name: AnimationName;
}

export function AnimationPlayer({ name }: AnimationProps) {
  const stage = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const urls = animationUrls(name);

  useEffect(() => {
    const element = stage.current;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    if (!element || motion.matches || !('IntersectionObserver' in window)) return;
    let player: { destroy(): void } | undefined;
    let cancelled = false;
    const observer = new IntersectionObserver(
      async (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        try {
          const [{ default: lottie }, data] = await Promise.all([
            import('lottie-web/build/player/lottie_light.js'),
            fetch(urls.data).then((response) => response.json()),
          ]);
          if (cancelled) return;
          player = lottie.loadAnimation({ container: element, renderer: 'svg', loop: true, autoplay: true, animationData: data });
          setPlaying(true);
        } catch {
          // The still image stays: an illustration is never worth an error.
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    const stop = () => {
      if (!motion.matches) return;
      player?.destroy();
      player = undefined;
      setPlaying(false);
    };
    motion.addEventListener('change', stop);
    return () => {
      cancelled = true;
      observer.disconnect();
      motion.removeEventListener('change', stop);
      player?.destroy();
    };
  }, [urls.data]);

  return (
    <div className={playing ? 'animation is-playing' : 'animation'}>
      <img src={urls.still} alt="" width={animationSize.width} height={animationSize.height} decoding="async" />
      <div className="animation-stage" ref={stage} aria-hidden="true" />
    </div>
  );
}
