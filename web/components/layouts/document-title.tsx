import { useLayoutEffect } from 'react';

let titleSink: ((title: string) => void) | undefined;

/**
 * While `render` runs, every DocumentTitle it renders hands its title to `sink` (the build's prerender,
 * web/prerender.tsx, which has no document: the server puts the title in the shell's head, ADR 047).
 */
export function collectTitles<T>(sink: (title: string) => void, render: () => T): T {
  titleSink = sink;
  try {
    return render();
  } finally {
    titleSink = undefined;
  }
}

/**
 * The tab's title, '<title> · Sidepot'. Set on `document.title`, not rendered as a `<title>` element:
 * Preact (ADR 046) renders one in place, in the body, where the browser ignores it (React 19 moved it
 * into the head). Renders nothing, so the prerendered markup and the browser's first render stay equal.
 */
export function DocumentTitle({ title }: { title: string }) {
  const text = `${title} · Sidepot`;
  titleSink?.(text);
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
