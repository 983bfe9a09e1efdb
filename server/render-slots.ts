// A bound on the search renders in progress at once. Rendering is the one
// response that costs real CPU time per request, and distinct queries defeat
// every cache, so past the bound a request is answered 503 at once rather
// than queued: the prepared pages keep their latency and memory stays flat
// however many requests arrive. Sharing the slots fairly between clients is
// the proxy's job (limit_req per client address in deploy/nginx/).

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
