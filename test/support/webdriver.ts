// A W3C WebDriver (classic) client for WebKitGTK's WebKitWebDriver: only the
// commands the engine tests use, over fetch. A client library would bring a
// tree of packages for what is here a few JSON requests (decision 020).

/** The key the WebDriver specification gives each named key. */
export const webDriverKeys = {
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Escape: '\uE00C',
  Space: ' ',
  Backspace: '\uE003',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  End: '\uE010',
} as const;

const commandTimeoutMs = 30_000;

export class WebDriverSession {
  private constructor(
    private readonly driverUrl: string,
    private readonly id: string,
  ) {}

  /** Opens a session: WebKitWebDriver starts a browser for it, closed by `close()`. */
  static async open(driverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const { sessionId } = await command<{ sessionId: string }>(driverUrl, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(driverUrl, sessionId);
  }

  private send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return command<T>(this.driverUrl, method, `/session/${this.id}${path}`, body);
  }

  navigate(url: string): Promise<void> {
    return this.send('POST', '/url', { url });
  }

  url(): Promise<string> {
    return this.send('GET', '/url');
  }

  /** The browser's Back or Forward button; the driver answers once the page it leads to is there. */
  traverse(step: 'back' | 'forward'): Promise<void> {
    return this.send('POST', `/${step}`, {});
  }

  /** Runs `source`, a function's text, in the page with `args`; its result comes back as JSON. */
  execute<T>(source: string, args: unknown[]): Promise<T> {
    return this.send('POST', '/execute/sync', { script: `return (${source}).apply(null, arguments);`, args });
  }

  /** The handle of the window commands go to. */
  windowHandle(): Promise<string> {
    return this.send('GET', '/window');
  }

  /** Opens a window of its own in this session (same cookies and storage) and returns its handle; the current window stays. */
  async newWindow(): Promise<string> {
    return (await this.send<{ handle: string }>('POST', '/window/new', { type: 'window' })).handle;
  }

  /** Makes the window with `handle` the one later commands go to. */
  switchToWindow(handle: string): Promise<void> {
    return this.send('POST', '/window', { handle });
  }

  setWindowSize(width: number, height: number): Promise<void> {
    return this.send('POST', '/window/rect', { width, height });
  }

  /** A primary-button click at a point of the viewport, as a mouse makes it. */
  clickAt(x: number, y: number): Promise<void> {
    return this.send('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  }

  /** Presses and releases each key in turn, holding `modifier` throughout when given. */
  keys(keys: string[], modifier?: string): Promise<void> {
    const presses = keys.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    const actions = modifier ? [{ type: 'keyDown', value: modifier }, ...presses, { type: 'keyUp', value: modifier }] : presses;
    return this.send('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  close(): Promise<void> {
    return this.send('DELETE', '');
  }
}

async function command<T>(driverUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  // A browser that stops answering fails the command, naming it, rather than the whole test's time.
  const response = await fetch(`${driverUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(commandTimeoutMs),
  }).catch((error: unknown) => {
    throw new Error(`WebDriver ${method} ${path} ${JSON.stringify(body)?.slice(0, 200) ?? ''}: ${String(error)}`);
  });
  const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value.error}: ${value.message}`);
  return value;
}
