// Search renders cost real CPU and distinct queries defeat every cache, so past the bound a request is 503 at once, not
// queued: prepared pages keep their latency, memory stays flat. Fairness between clients is the proxy's (deploy/nginx/).

export interface RenderSlots {
  /** A slot and the function that frees it (calling it again does nothing); undefined when every slot is taken. */
  take(): (() => void) | undefined;
}

export function renderSlots(limit: number): RenderSlots {
  let inUse = 0;
  return {
    take() {
      if (inUse >= limit) return undefined;
      inUse++;
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        inUse--;
      };
    },
  };
}
