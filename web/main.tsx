import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { beginHydration } from './lib/router/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { readSessionEarly } from './lib/session.ts';
import './index.css';

declare global {
  // zod's shared settings object (zod/v4/core): made by whichever of zod and this file runs first.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
// zod compiles object schemas with `new Function` after probing whether it may. Our CSP has no
// 'unsafe-eval', so the caught probe was still reported as a CSP violation (Chrome's Issues panel;
// Lighthouse best practices 96 on every signed-in page). jitless skips the probe and the compile.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The service worker and the time zone cookie: after `load` and in their own chunk (web/app/after-load.ts).
window.addEventListener(
  'load',
  () => void import('./app/after-load.ts').then(({ afterLoad }) => afterLoad()),
  {
    once: true,
  },
);

// A signed-in screen the server rendered with its data (ADR 067) came with that data and its session, which
// the session store and the query cache start from before hydration. Its own chunk: the public screens' first
// load has no use for it (the server preloads it with such a page, server/lib/static-files.ts).
const renderedData = document.getElementById('rendered-data') ? import('./lib/rendered-data.ts') : null;

// The session read (preloaded by the shell when there is a session cookie) lands while the first screen's
// chunk loads, so a signed-in screen's first render has its user instead of a spinner (ADR 044).
// Not a top-level await: with one, the bundler splits the entry into ~40 chunks (+6 KiB gzip per page).
readSessionEarly();
void createAppRouter().then(async (router) => {
  const rendered = renderedData
    ? await renderedData.then(
        (module) => module.startFromRenderedData(queryClient),
        () => null,
      )
    : null;
  // Its data unreadable (an older app's page) or its chunk not loaded: render afresh rather than hydrate.
  if (renderedData && !rendered) {
    container.replaceChildren();
    delete container.dataset['prerendered'];
  }
  // The server put this URL's screen in the root (signed-out /, /signup, /login: ADR 047; signed-in /home,
  // /feed, /profile with their data: ADR 067): React hydrates that markup, and what a visitor typed before it
  // ran stays in the inputs. The service worker's shell and every other page have an empty root and render
  // from scratch.
  if (container.dataset['prerendered'] === window.location.pathname && container.firstElementChild) {
    // In a transition, React hydrates in ~5 ms slices between the browser's other work instead of one long
    // task after the first paint (TBT on / and /login, ADR 049). Once its commit's effects have run, the
    // markup is the app's, which the unmarked root says (the e2e suite waits for it). A mismatch is an
    // error on the console, where the e2e suite's console guard fails the test.
    beginHydration();
    startTransition(() => {
      hydrateRoot(
        container,
        <App
          router={router}
          rendered={rendered ?? undefined}
          onMounted={() => {
            delete container.dataset['prerendered'];
          }}
        />,
        { onRecoverableError: (error) => console.error(error) },
      );
    });
  } else {
    createRoot(container).render(<App router={router} />);
  }
});
