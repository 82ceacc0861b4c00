/**
 * The tab's title, '<title> · Sidepot'. React 19 hoists the `<title>` into the document's head wherever a
 * screen renders it; the build's prerender (web/prerender.tsx, ADR 047) takes it out of the rendered
 * markup for the server to put in the shell's head, where hydration then finds it (ADR 049).
 */
export function DocumentTitle({ title }: { title: string }) {
  // One string child: React requires a `<title>`'s children to be a single text.
  return <title>{`${title} · Sidepot`}</title>;
}
