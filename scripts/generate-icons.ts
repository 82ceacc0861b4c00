/**
 * `npm run icons`: writes the favicon set into web/public from one SVG of the
 * brand mark (lucide's CircleDollarSign, as web/components/layouts/brand-mark.tsx
 * draws it) in white on the brand green, and the web app manifest's icons
 * (vite.config.ts: 192 and 512 px, and a maskable 512 px whose mark keeps inside
 * the safe zone). Run it after changing the mark or the colour, and commit the
 * files: the build copies web/public as it is.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
/** --color-primary in web/index.css (oklch(0.596 0.145 163.225)). */
const BRAND_GREEN = '#009966';

// lucide circle-dollar-sign, 24×24 grid, centred on a 32×32 tile.
const mark = (stroke: string) =>
  `<g transform="translate(4 4)" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M16 8h-6a2 2 0 1 0 0 4h4a2 2 0 1 1 0 4H8"/><path d="M12 18V6"/></g>`;

/** Rounded tile for tabs; a full square for iOS, which rounds the corners itself. */
const tile = (radius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${radius}" fill="${BRAND_GREEN}"/>${mark('#fff')}</svg>\n`;

/**
 * A full-bleed square for the 'maskable' manifest icon: launchers crop it to a
 * circle or squircle, so the mark is drawn at 80% of the tile size (its circle spans 50%, inside the 80% safe zone).
 */
const maskableTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_GREEN}"/><g transform="translate(3.2 3.2) scale(0.8)">${mark('#fff')}</g></svg>\n`;

/** An .ico holding one PNG (allowed since Windows Vista; every browser reads it). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, png]);
}

const roundTile = tile(7);
writeFileSync(path.join(PUBLIC, 'favicon.svg'), roundTile);
// Rendered large, then downscaled, so the 2px strokes stay crisp at 32px.
const png32 = await sharp(Buffer.from(roundTile), { density: 72 * 8 })
  .resize(32, 32)
  .png({ compressionLevel: 9 })
  .toBuffer();
writeFileSync(path.join(PUBLIC, 'favicon-32x32.png'), png32);
writeFileSync(path.join(PUBLIC, 'favicon.ico'), icoFromPng(png32, 32));
await sharp(Buffer.from(tile(0)), { density: 72 * 8 })
  .resize(180, 180)
  .flatten({ background: BRAND_GREEN })
  .png({ compressionLevel: 9 })
  .toFile(path.join(PUBLIC, 'apple-touch-icon.png'));
const png = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: 72 * 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, file));
await png(roundTile, 192, 'pwa-192x192.png');
await png(roundTile, 512, 'pwa-512x512.png');
await png(maskableTile, 512, 'pwa-maskable-512x512.png');
console.log(
  `icons: wrote favicon.svg, favicon-32x32.png, favicon.ico, apple-touch-icon.png and the pwa-*.png manifest icons to ${PUBLIC}`,
);
