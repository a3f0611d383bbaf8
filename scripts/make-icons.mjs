// Draws the app's PNG icons (web app manifest, iPhone home screen, notification badge) from the mark in
// apps/web/public/favicon.svg, in the system Chromium. Run once after the mark changes and commit the PNGs:
//   node scripts/make-icons.mjs
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/icons');
const favicon = await readFile(path.join(root, 'apps/web/public/favicon.svg'), 'utf8');
/** The drop and its highlight, as drawn on the 32 × 32 mark. */
const drop = favicon.slice(favicon.indexOf('<path'), favicon.lastIndexOf('</svg>'));

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
/** Full bleed, the drop inside the central 80 % circle a launcher may cut the icon to (maskable). */
const fullBleed = svg(
  `<rect width="32" height="32" fill="#50CD89"/><g transform="translate(16 16) scale(0.8) translate(-16 -15.5)">${drop}</g>`,
);
/** White on transparent: Android draws a notification's badge from its alpha only. */
const badge = svg(
  `<path d="M16 3c-4.3 5.5-8.4 10.3-8.4 14.6A8.4 8.4 0 0 0 16 26a8.4 8.4 0 0 0 8.4-8.2C24.4 13.4 20.3 8.5 16 3z" fill="#fff"/>`,
);

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'badge-96.png', size: 96, svg: badge },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
  }
} finally {
  await browser.close();
}
