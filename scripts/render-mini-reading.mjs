#!/usr/bin/env node
// Renders the mini-test reading passage (content/mini-test/reading.json) to
// content/mini-test/images/mini-reading.png (and .webp when the browser can encode it).
// Usage: node scripts/render-mini-reading.mjs
/* global document, Image -- used inside page.evaluate callbacks, which run in the browser */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataPath = join(root, 'content/mini-test/reading.json');
const outDir = join(root, 'content/mini-test/images');
const WIDTH = 720;

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- JSON.parse gives any; both fields are checked just below
const { passageTitle, passageHtml } = /** @type {{ passageTitle: string, passageHtml: string }} */ (
  JSON.parse(readFileSync(dataPath, 'utf8'))
);
if (!passageTitle || !passageHtml) throw new Error('reading.json needs passageTitle and passageHtml');

/** @param {string} s */
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Split the passage into paragraphs so each one can carry its number in the margin.
const paragraphs = [...passageHtml.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1] ?? '');
if (paragraphs.length === 0) throw new Error('passageHtml has no <p> paragraphs');

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  html, body { margin: 0; padding: 0; background: #ffffff; }
  #sheet {
    width: ${WIDTH}px; box-sizing: border-box; padding: 36px 40px 40px 28px;
    background: #ffffff; color: #111111; border: 1px solid #d0d0d0;
    font-family: 'DejaVu Serif', 'Liberation Serif', 'Nimbus Roman', serif;
    font-size: 20px; line-height: 1.6;
    -webkit-font-smoothing: antialiased;
  }
  .label {
    margin: 0 0 4px 44px; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif;
    font-size: 14px; letter-spacing: 0.06em; text-transform: uppercase; color: #444444;
  }
  h1 { margin: 0 0 22px 44px; font-size: 23px; line-height: 1.3; font-weight: bold; }
  .para { display: flex; margin: 0 0 18px 0; }
  .para:last-child { margin-bottom: 0; }
  .num {
    flex: 0 0 32px; margin-right: 12px; text-align: right;
    font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; font-weight: bold;
    font-size: 16px; line-height: 32px; color: #1f3a93;
  }
  .text { flex: 1 1 auto; margin: 0; text-align: left; hyphens: none; }
</style></head><body>
<div id="sheet">
  <div class="label">Reading Passage</div>
  <h1>${escapeHtml(passageTitle)}</h1>
  ${paragraphs.map((p, i) => `<div class="para"><div class="num">(${i + 1})</div><p class="text">${p}</p></div>`).join('\n  ')}
</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 800 },
    deviceScaleFactor: 1,
  });
  const tab = await context.newPage();
  await tab.setContent(page, { waitUntil: 'load' });
  await tab.evaluate(() => document.fonts.ready);
  const png = await tab.locator('#sheet').screenshot({ type: 'png' });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'mini-reading.png'), png);
  console.info(`mini-reading.png: ${png.length} bytes`);

  // WebP: let the browser's own encoder re-encode the PNG through a canvas.
  const webpDataUrl = await tab.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d').drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.85);
  }, png.toString('base64'));
  if (webpDataUrl.startsWith('data:image/webp;base64,')) {
    const webp = Buffer.from(webpDataUrl.slice('data:image/webp;base64,'.length), 'base64');
    writeFileSync(join(outDir, 'mini-reading.webp'), webp);
    console.info(`mini-reading.webp: ${webp.length} bytes`);
  } else {
    console.info('WebP encoding not available in this browser; skipped mini-reading.webp');
  }
} finally {
  await browser.close();
}
