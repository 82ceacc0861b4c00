import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The stylesheet tag Vite writes into index.html for the entry's CSS. */
const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;
/**
 * Above this the HTML would carry more than the round trip it saves is worth (~36 KiB raw is ~7 KiB
 * compressed today; Lighthouse's mobile link moves ~30 KiB in 150 ms).
 */
const MAX_INLINE_BYTES = 96 * 1024;

/**
 * index.html with its built stylesheets inlined as `<style>` (ADR 044): a linked stylesheet
 * blocks the first paint for one more round trip after the HTML (Lighthouse's render-blocking-resources),
 * and the shell's first paint (web/index.html's static header) needs the styles at once. The CSP allows
 * it: style-src already has 'unsafe-inline' for Radix's and sonner's style attributes. A stylesheet that
 * is missing, too large or could close the tag early stays linked.
 */
export function inlineStylesheets(root: string, html: string): string {
  return html.replace(STYLESHEET, (tag, file: string) => {
    let css: string;
    try {
      css = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return tag;
    }
    if (Buffer.byteLength(css) > MAX_INLINE_BYTES || /<\/style/i.test(css)) return tag;
    // The link stays, disabled (not fetched): Vite's preload helper looks for it before a lazy chunk's
    // import and would otherwise add it again, a second download and style recalculation after load.
    const link = tag.replace(/>$/, ' disabled>');
    return `<style>${css.replace(/\n\/\*# sourceMappingURL=.*\*\/\s*$/, '')}</style>${link}`;
  });
}
