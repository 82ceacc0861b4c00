import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * A QR code of `text`, as an <img> with a data: URL: the SVG never enters the
 * DOM as markup, so nothing in it can run (the CSP allows data: images only).
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text))}`,
    [text],
  );
  return (
    <img src={src} alt={label} width={192} height={192} className="mx-auto size-48 rounded-md bg-white p-2" />
  );
}
