import {
  Component,
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { Link, matchRoute, Route, Router } from 'wouter';
import type { AppHistory, NavigateOptions, RouterLocation } from './history.ts';

/*
 * The app's routing on wouter (ADR 057): wouter matches paths, gives typed params (`useParams<'/bets/:id'>()`),
 * links and search params; this file adds what the app had from react-router and wouter leaves to the app:
 * navigation state and entry keys (./history.ts), lazy screens loaded before they show, an error boundary
 * per screen, scroll restoration and a Back that an open dialog can refuse.
 */

export { Link, useParams, useSearchParams } from 'wouter';
export type { RouterLocation } from './history.ts';

const HistoryContext = createContext<AppHistory | null>(null);

function useHistory(): AppHistory {
  const history = use(HistoryContext);
  if (!history) throw new Error('useHistory outside <RouterProvider>');
  return history;
}

/** wouter's location hook (its documented extension point) over an AppHistory. */
function locationHook(history: AppHistory) {
  const pathname = () => history.location().pathname;
  const search = () => history.location().search;
  const useSearch = () => useSyncExternalStore(history.subscribe, search, search);
  const useLocationTuple = (): [string, (to: string, options?: NavigateOptions) => void] => [
    useSyncExternalStore(history.subscribe, pathname, pathname),
    history.navigate,
  ];
  return Object.assign(useLocationTuple, { searchHook: useSearch });
}

export function RouterProvider({ history, children }: { history: AppHistory; children: ReactNode }) {
  const hook = useMemo(() => locationHook(history), [history]);
  return (
    <HistoryContext value={history}>
      <Router hook={hook} searchHook={hook.searchHook}>
        {children}
      </Router>
    </HistoryContext>
  );
}

/** Where the app is: path, search, hash, the navigation's state and the entry's key. */
export function useLocation(): RouterLocation {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.location, history.location);
}

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  /** Back (-1) or Forward (1) in the tab's history. */
  (delta: number): void;
};

export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useCallback(
    (to: string | number, options?: NavigateOptions) =>
      typeof to === 'number' ? history.go(to) : history.navigate(to, options),
    [history],
  );
}

/** Navigates when rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once per mount: the guard that rendered it is replaced by the screen it navigates to.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);
  return null;
}

type NavLinkProps = {
  to: string;
  className: (isActive: boolean) => string;
  onClick?: (() => void) | undefined;
  'aria-label'?: string | undefined;
  children: ReactNode;
};

/** A link that knows whether it leads to the current screen: `aria-current="page"` and its class say so. */
export function NavLink({ to, className, onClick, children, 'aria-label': label }: NavLinkProps) {
  const isActive = useLocation().pathname === to;
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-label={label}
      aria-current={isActive ? 'page' : undefined}
      className={className(isActive)}
    >
      {children}
    </Link>
  );
}

/**
 * While `shouldBlock()` says so, Back and Forward stay on this screen and `onBlocked` answers them instead
 * (an open dialog closes). Pass functions that stay the same between renders.
 */
export function useBlockBack(shouldBlock: () => boolean, onBlocked: () => void): void {
  const history = useHistory();
  useEffect(() => history.blockPop(shouldBlock, onBlocked), [history, shouldBlock, onBlocked]);
}

const SCROLL_STORAGE_KEY = 'sidepot-scroll-positions';

function readScrollPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    if (typeof saved !== 'object' || saved === null) return new Map();
    return new Map(
      Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return new Map();
  }
}

/**
 * Scroll as react-router's ScrollRestoration did: Back and Forward return to where that entry was scrolled
 * (across reloads, in sessionStorage), a link to a #hash scrolls to its element, any other navigation starts
 * at the top. The first render leaves the scroll as the page loaded it.
 */
export function ScrollRestoration() {
  const history = useHistory();
  const { key, hash } = useLocation();
  const positions = useMemo(() => readScrollPositions(), []);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Called as the location changes, before React renders the next screen: scrollY is still the leaving one's.
    let leaving = history.location().key;
    const stopListening = history.subscribe(() => {
      positions.set(leaving, window.scrollY);
      leaving = history.location().key;
    });
    const save = () => {
      positions.set(history.location().key, window.scrollY);
      sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
    };
    window.addEventListener('pagehide', save);
    return () => {
      stopListening();
      window.removeEventListener('pagehide', save);
    };
  }, [history, positions]);
  const firstKey = useRef(key);
  useLayoutEffect(() => {
    // No `return window.scrollTo(…)`: Chromium's scroll methods return a promise (lib.dom says void), and
    // an effect's return value is its cleanup; React called that promise at the next navigation and the
    // screen change crashed (ADR 057). The lint rule sidepot/effect-cleanup keeps effects from returning one.
    const saved = history.action() === 'POP' ? positions.get(key) : undefined;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    // The page as it loaded (a prerendered screen may have been scrolled before hydration) stays where it is.
    else if (key !== firstKey.current) window.scrollTo(0, 0);
  }, [history, positions, key, hash]);
  return null;
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's error boundary caught, for its error screen. */
export function useRouteError(): unknown {
  return use(RouteErrorContext);
}

type BoundaryProps = { fallback: ReactNode; resetKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown; resetKey: string };

/** Shows `fallback` when the screen fails to load or render; a navigation (a new `resetKey`) tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext>;
  }
}

export function ErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={fallback} resetKey={useLocation().key}>
      {children}
    </RouteErrorBoundary>
  );
}

/**
 * What a screen's first render reads, as prefetches into `client`: a screen that says so is rendered on the
 * server with that data for a signed-in request (ADR 067), and the browser reads the same before hydrating.
 */
export type FirstReads = (client: QueryClient) => Promise<unknown>[];

/** A screen's module, as the app's route files export it. */
export type ScreenModule = { Component: ComponentType; firstReads?: FirstReads };

/**
 * Whether the screen is being hydrated from markup the server rendered: always on the server (its render is
 * what hydration must meet), and in the browser from `beginHydration` (web/main.tsx, just before `hydrateRoot`)
 * until the first screen has committed (`lazyScreen`'s Screen). Not until the root's first commit: React
 * hydrates the content of a Suspense boundary, the screen's among them, in a pass of its own after that.
 */
let isFirstScreenHydrating = typeof window === 'undefined';

export function beginHydration(): void {
  isFirstScreenHydrating = true;
}

/** Read by a component's first render (web/hooks/use-is-hydrating.ts). */
export function isHydratingScreen(): boolean {
  return isFirstScreenHydrating;
}

export type LazyScreen = {
  Component: ComponentType;
  /** Fetches the screen's chunk; undefined once it is loaded. A failed fetch is retried by the next call. */
  preload: () => Promise<void> | undefined;
  /** The loaded screen's first reads, if it declares them (undefined until it is loaded). */
  firstReads: () => FirstReads | undefined;
};

/**
 * A screen in its own chunk. Preloaded (the router does it before a navigation shows the screen, and before
 * the first render, ADR 044), it renders at once; else it suspends until its chunk arrives (the route's
 * fallback) and a chunk that fails to load reaches the route's error boundary.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loaded: ScreenModule | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    if (loaded) return undefined;
    loading ??= load().then(
      (module) => {
        loaded = module;
      },
      () => {
        loading = undefined;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: (await load()).Component }));
  function Screen() {
    // The screen has hydrated (its children's effects ran first): what mounts from now on is the browser's.
    useEffect(() => {
      isFirstScreenHydrating = false;
    }, []);
    const Loaded = loaded?.Component;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component: Screen, preload, firstReads: () => loaded?.firstReads };
}

export type ScreenRoute = {
  /** A wouter path pattern: `/bets/:id`, `*` for any path. */
  path: string;
  screen: LazyScreen;
};

/** Screens that share a layout: a guard (signed in, signed out) that wraps each of them. */
export type RouteGroup = {
  layout?: ComponentType<{ children: ReactNode }>;
  routes: ScreenRoute[];
};

/** The first route that matches `pathname`, in order, with its group. */
export function matchScreen(groups: RouteGroup[], pathname: string) {
  for (const group of groups)
    for (const route of group.routes) if (matchRoute(parse, route.path, pathname)[0]) return { group, route };
  return undefined;
}

type RoutesProps = {
  groups: RouteGroup[];
  /** A screen's stand-in while its chunk loads (when it was not loaded before the navigation). */
  fallback: ReactNode;
  /** What a screen that failed to load or render shows instead (it reads `useRouteError()`). */
  errorElement: ReactNode;
};

/**
 * The matching screen inside its group's layout, with its own error boundary. The layout element stays the
 * same between the screens of one group, so a guard (and what it holds, like the live updates) lives on from
 * screen to screen, as a react-router layout route did.
 */
export function Routes({ groups, fallback, errorElement }: RoutesProps) {
  const { pathname } = useLocation();
  const match = matchScreen(groups, pathname);
  if (!match) return null;
  const { group, route } = match;
  const screen = (
    <ErrorBoundary key={route.path} fallback={errorElement}>
      <Suspense fallback={fallback}>
        <route.screen.Component />
      </Suspense>
    </ErrorBoundary>
  );
  const Layout = group.layout;
  return <Route path={route.path}>{Layout ? <Layout>{screen}</Layout> : screen}</Route>;
}
