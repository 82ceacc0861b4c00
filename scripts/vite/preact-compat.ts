import type { Alias } from 'vite';

/**
 * The app renders with Preact through preact/compat (ADR 046): every import of React's packages, ours and
 * our dependencies' (react-router, TanStack Query, Radix, cmdk, sonner, lucide), resolves to compat, so
 * one renderer ships and no copy of react-dom is bundled. The source keeps importing 'react' and
 * type-checks against @types/react. Exact matches only: 'react-router' and 'react-hook-form' are not
 * React. Removing these aliases (and the `dedupe`) is the whole switch back to React.
 *
 * Shared by the build, the dev server, the web component tests (vitest.config.ts) and an SSR build:
 * 'react-dom/server' is preact-render-to-string behind compat's React-shaped names.
 */
export const preactCompatAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react\/compiler-runtime$/, replacement: 'preact/compat/compiler-runtime' },
];

/** One copy of Preact, whichever package imports it: two would mean two sets of hooks state. */
export const preactDedupe = ['preact'];
