// The handlers a test adds to the process (signals, crashes), told apart from
// the test runner's own: a test calls them as the process would, and takes
// them off again without touching the runner's.
type ProcessEvent = 'SIGTERM' | 'SIGINT' | 'uncaughtException' | 'unhandledRejection';
type Listener = (...args: unknown[]) => void;

const listenersOf = (event: ProcessEvent) => process.listeners(event as 'SIGTERM') as unknown as Listener[];

/** The listeners for `events` as they are now; what is added after is listed by `added` and taken off by `remove`. */
export function processListenersSince(events: readonly ProcessEvent[]) {
  const before = new Map(events.map((event) => [event, listenersOf(event)]));
  const added = (event: ProcessEvent) => listenersOf(event).filter((listener) => !before.get(event)?.includes(listener));
  return {
    added,
    remove() {
      for (const event of events) for (const listener of added(event)) process.off(event, listener);
    },
  };
}
