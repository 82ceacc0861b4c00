/**
 * The app's navigation history (ADR 057): where the app is, how it got there, and the two things wouter's
 * own location hook leaves out that the app relies on: navigation state with a key per entry (the preselected
 * friend, the login's way back, `key === 'default'` for the tab's first entry) and Back that a screen can
 * refuse (an open dialog closes instead). A history in the browser and one in memory (prerender, component
 * tests) share this shape; web/lib/router/router.tsx hands it to wouter as its location hook.
 */

export type RouterLocation = {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** What the navigation carried (`navigate(to, { state })`); null when none. */
  readonly state: unknown;
  /** Unique per entry; 'default' for the first entry the app loaded in this tab. */
  readonly key: string;
};

/** How the current entry was reached, as react-router named it: Back/Forward, a new entry, or a replaced one. */
export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

export type NavigateOptions = { replace?: boolean | undefined; state?: unknown };

export type AppHistory = {
  /** The current location: the same object until the next navigation (a `useSyncExternalStore` snapshot). */
  readonly location: () => RouterLocation;
  readonly action: () => NavigationAction;
  readonly subscribe: (listener: () => void) => () => void;
  readonly navigate: (to: string, options?: NavigateOptions) => void;
  /** Back (-1) or Forward (1). */
  readonly go: (delta: number) => void;
  /** While `shouldBlock()` says so, Back and Forward leave the location as it is and call `onBlocked` instead. */
  readonly blockPop: (shouldBlock: () => boolean, onBlocked: () => void) => () => void;
  readonly dispose: () => void;
};

type HistoryOptions = {
  /**
   * Called with the pathname a navigation goes to, before the location changes; a promise holds the change
   * until it settles (the next screen's chunk, ADR 044: the old screen stays until the new one can render).
   */
  prepare?: ((pathname: string) => Promise<void> | undefined) | undefined;
};

/** What the app keeps in `history.state` (the same shape react-router kept, so old entries still read). */
type EntryState = { usr: unknown; key: string; idx: number };

function readEntryState(value: unknown): EntryState | null {
  if (typeof value !== 'object' || value === null || !('key' in value) || !('idx' in value)) return null;
  const { key, idx } = value;
  if (typeof key !== 'string' || typeof idx !== 'number') return null;
  return { usr: 'usr' in value ? (value.usr ?? null) : null, key, idx };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function toLocation(url: URL, state: unknown, key: string): RouterLocation {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** Changes the location once `prepare` (if any) is done, dropping a change that a later one overtook. */
function createCommitter(prepare: HistoryOptions['prepare']) {
  let latest = 0;
  return (pathname: string, commit: () => void) => {
    const ticket = ++latest;
    const pending = prepare?.(pathname);
    if (!pending) {
      commit();
      return;
    }
    void pending.then(() => {
      if (ticket === latest) commit();
    });
  };
}

type Blocker = { shouldBlock: () => boolean; onBlocked: () => void };

function createBlockers() {
  const blockers = new Set<Blocker>();
  return {
    add(shouldBlock: () => boolean, onBlocked: () => void) {
      const blocker = { shouldBlock, onBlocked };
      blockers.add(blocker);
      return () => void blockers.delete(blocker);
    },
    /** The blocker that refuses this Back or Forward, if one does. */
    find: () => [...blockers].find((blocker) => blocker.shouldBlock()),
  };
}

/** The tab's history (window.history), for the app in the browser. */
export function createBrowserHistory({ prepare }: HistoryOptions = {}): AppHistory {
  const listeners = new Set<() => void>();
  const blockers = createBlockers();
  const schedule = createCommitter(prepare);
  const initial = readEntryState(window.history.state);
  if (!initial) window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '');
  let index = initial?.idx ?? 0;
  let action: NavigationAction = 'POP';
  let current = toLocation(new URL(window.location.href), initial?.usr ?? null, initial?.key ?? 'default');
  // Set while undoing a refused Back: the popstate that undo causes is not a navigation.
  let undoing = false;

  const publish = (next: RouterLocation, nextAction: NavigationAction) => {
    current = next;
    action = nextAction;
    for (const listener of listeners) listener();
  };

  const onPopState = (event: PopStateEvent) => {
    if (undoing) {
      undoing = false;
      return;
    }
    const entry = readEntryState(event.state);
    const blocker = blockers.find();
    if (blocker && entry) {
      // Back to where we were, then let the blocker answer (react-router's useBlocker did the same).
      undoing = true;
      window.history.go(index - entry.idx);
      blocker.onBlocked();
      return;
    }
    index = entry?.idx ?? 0;
    const url = new URL(window.location.href);
    schedule(url.pathname, () =>
      publish(toLocation(url, entry?.usr ?? null, entry?.key ?? 'default'), 'POP'),
    );
  };
  window.addEventListener('popstate', onPopState);

  return {
    location: () => current,
    action: () => action,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    navigate(to, { replace = false, state = null } = {}) {
      const url = new URL(to, window.location.href);
      schedule(url.pathname, () => {
        const key = newKey();
        if (replace) {
          window.history.replaceState({ usr: state, key, idx: index }, '', url);
        } else {
          index += 1;
          window.history.pushState({ usr: state, key, idx: index }, '', url);
        }
        publish(toLocation(url, state, key), replace ? 'REPLACE' : 'PUSH');
      });
    },
    go: (delta) => window.history.go(delta),
    blockPop: (shouldBlock, onBlocked) => blockers.add(shouldBlock, onBlocked),
    dispose: () => window.removeEventListener('popstate', onPopState),
  };
}

export type MemoryEntry = { pathname: string; search?: string | undefined; state?: unknown };

/** A history in memory: the build's prerender (ADR 047) and the component tests (web/testing/render.tsx). */
export function createMemoryHistory({
  initialEntries = [{ pathname: '/' }],
  prepare,
}: HistoryOptions & { initialEntries?: Array<string | MemoryEntry> } = {}): AppHistory {
  const listeners = new Set<() => void>();
  const blockers = createBlockers();
  const schedule = createCommitter(prepare);
  const base = 'http://memory.invalid';
  const entries = initialEntries.map((entry, position) => {
    const { pathname, search = '', state = null } = typeof entry === 'string' ? { pathname: entry } : entry;
    return toLocation(new URL(`${pathname}${search}`, base), state, position === 0 ? 'default' : newKey());
  });
  let index = entries.length - 1;
  let action: NavigationAction = 'POP';

  const publish = (nextAction: NavigationAction) => {
    action = nextAction;
    for (const listener of listeners) listener();
  };
  const current = () => entries[index] ?? toLocation(new URL('/', base), null, 'default');

  return {
    location: current,
    action: () => action,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    navigate(to, { replace = false, state = null } = {}) {
      const url = new URL(to, new URL(`${current().pathname}${current().search}`, base));
      schedule(url.pathname, () => {
        const next = toLocation(url, state, newKey());
        if (replace) entries[index] = next;
        else entries.splice(++index, entries.length, next);
        publish(replace ? 'REPLACE' : 'PUSH');
      });
    },
    go(delta) {
      const target = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (target === index) return;
      const blocker = blockers.find();
      if (blocker) {
        blocker.onBlocked();
        return;
      }
      const next = entries[target];
      if (!next) return;
      schedule(next.pathname, () => {
        index = target;
        publish('POP');
      });
    },
    blockPop: (shouldBlock, onBlocked) => blockers.add(shouldBlock, onBlocked),
    dispose: () => listeners.clear(),
  };
}
