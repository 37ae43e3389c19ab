// Renders the app icon (an SVG drawn here) to the PNG sizes the web manifest and iOS need.
// Run once with `node apps/web/scripts/make-icons.mjs`; the PNGs are kept in public/.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** Two photo frames facing off with a gold spark between them, on the brand gradient. */
function iconSvg({ padding, rounded }) {
  const size = 512;
  const inner = size - padding * 2;
  const scale = inner / 512;
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8A2BE2"/>
      <stop offset="1" stop-color="#FF007F"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FFD54A"/>
      <stop offset="1" stop-color="#FF8A00"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="#0f0f14"/>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#bg)" opacity="0.92"/>
  <g transform="translate(${padding} ${padding}) scale(${scale})">
    <g transform="rotate(-8 176 266)">
      <rect x="86" y="146" width="180" height="240" rx="28" fill="#0f0f14" opacity="0.9"/>
      <circle cx="176" cy="236" r="44" fill="#ffffff" opacity="0.85"/>
      <path d="M106 366c14-50 46-76 70-76s56 26 70 76z" fill="#ffffff" opacity="0.85"/>
    </g>
    <g transform="rotate(8 336 266)">
      <rect x="246" y="146" width="180" height="240" rx="28" fill="#0f0f14" opacity="0.9"/>
      <circle cx="336" cy="236" r="44" fill="#ffffff" opacity="0.85"/>
      <path d="M266 366c14-50 46-76 70-76s56 26 70 76z" fill="#ffffff" opacity="0.85"/>
    </g>
    <path d="M270 96 L214 270 L262 270 L236 420 L306 230 L256 230 L290 96 Z" fill="url(#gold)" stroke="#0f0f14" stroke-width="10" stroke-linejoin="round"/>
  </g>
</svg>`;
}

async function renderPng(svg, size, file) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    // A 256-colour palette looks the same on a gradient and halves the bytes: Chromium fetches
    // icon-192 during the first page load (installability), beside the app's own requests.
    .png({ palette: true, colours: 256, quality: 100, effort: 10, compressionLevel: 9 })
    .toFile(publicDir + file);
  console.warn(`wrote public/${file}`);
}

const standard = iconSvg({ padding: 0, rounded: true });
// Maskable icons are cropped to a circle of 80 % by the launcher: keep the drawing inside it.
const maskable = iconSvg({ padding: 72, rounded: false });
const square = iconSvg({ padding: 0, rounded: false });

await writeFile(publicDir + 'favicon.svg', standard);
await renderPng(standard, 192, 'icon-192.png');
await renderPng(standard, 512, 'icon-512.png');
await renderPng(maskable, 512, 'icon-maskable-512.png');
await renderPng(square, 180, 'apple-touch-icon.png');
