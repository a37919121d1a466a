/**
 * Draws the landing page's illustrations, testimonial cards and link-sharing image as SVG into
 * public/landing/, then renders og.png from og.svg with Debian's Chromium (link previews want a
 * raster image). Everything is drawn here from shapes and text; no photos or outside artwork.
 *
 *   npx tsx scripts/landing-art.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { t } from '../src/i18n/id.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

const out = path.resolve(import.meta.dirname, '..', 'public', 'landing');
// The first screen's picture is bundled into the page itself (LandingView.tsx), not served from public/.
const heroOut = path.resolve(import.meta.dirname, '..', 'src', 'features', 'landing', 'assets');
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy line breaking by character count; SVG text does not wrap by itself. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const initialsOf = (nama: string) =>
  nama
    .split(/\s+/)
    .map((p) => p.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">\n${body}\n</svg>\n`;

/** A simple person: head, hair and shoulders, in the given colours. */
function person(x: number, y: number, scale: number, skin: string, hair: string, shirt: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
  <path d="M-46 92 C-46 52 -26 40 0 40 C26 40 46 52 46 92 Z" fill="${shirt}"/>
  <circle cx="0" cy="0" r="30" fill="${skin}"/>
  <path d="M-31 -4 C-32 -30 -14 -38 0 -38 C18 -38 33 -28 31 -4 C24 -18 10 -22 -2 -20 C-14 -18 -24 -14 -31 -4 Z" fill="${hair}"/>
  <circle cx="-10" cy="2" r="3" fill="#243b53"/><circle cx="10" cy="2" r="3" fill="#243b53"/>
  <path d="M-9 14 Q0 21 9 14" stroke="#243b53" stroke-width="3" fill="none" stroke-linecap="round"/>
</g>`;
}

function hero(): string {
  const tiles = [
    { x: 118, y: 92, skin: '#f1c27d', hair: '#3b2a1a', shirt: '#1971c2' },
    { x: 298, y: 92, skin: '#e0ac69', hair: '#1b1b1b', shirt: '#2a7a3a' },
    { x: 118, y: 212, skin: '#c68642', hair: '#2d1e12', shirt: '#c2410c' },
    { x: 298, y: 212, skin: '#f1c27d', hair: '#6b4226', shirt: '#5f3dc4' },
  ];
  const tileSvg = tiles
    .map(
      (p, i) => `<rect x="${p.x - 78}" y="${p.y - 48}" width="168" height="108" rx="10" fill="${i === 0 ? '#e7f5ff' : '#f1f3f5'}"/>
  <clipPath id="tile${i}"><rect x="${p.x - 78}" y="${p.y - 48}" width="168" height="108" rx="10"/></clipPath>
  <g clip-path="url(#tile${i})">${person(p.x + 6, p.y + 2, 0.72, p.skin, p.hair, p.shirt)}</g>`,
    )
    .join('\n');
  const body = `<rect width="600" height="480" fill="#f8fbff"/>
<circle cx="520" cy="70" r="60" fill="#d0ebff"/>
<circle cx="70" cy="420" r="46" fill="#d3f9d8"/>
<rect x="24" y="24" width="400" height="300" rx="18" fill="#243b53"/>
<rect x="36" y="36" width="376" height="268" rx="10" fill="#ffffff"/>
${tileSvg}
<rect x="0" y="324" width="448" height="20" rx="8" fill="#627d98"/>
<rect x="150" y="344" width="148" height="12" rx="6" fill="#9fb3c8"/>
<g transform="translate(470 300)">
  ${person(0, 0, 1.3, '#e0ac69', '#2d1e12', '#1971c2')}
  <path d="M-46 -6 C-46 -66 46 -66 46 -6" stroke="#243b53" stroke-width="9" fill="none" stroke-linecap="round"/>
  <rect x="-56" y="-14" width="18" height="34" rx="8" fill="#243b53"/>
  <rect x="38" y="-14" width="18" height="34" rx="8" fill="#243b53"/>
</g>
<g transform="translate(452 150)">
  <rect x="0" y="0" width="132" height="58" rx="14" fill="#1971c2"/>
  <path d="M26 58 L18 78 L46 58 Z" fill="#1971c2"/>
  <text x="66" y="38" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff">TOEFL</text>
</g>
<g transform="translate(40 380)">
  <rect x="0" y="0" width="232" height="70" rx="14" fill="#ffffff" stroke="#d0d7de"/>
  <circle cx="36" cy="35" r="20" fill="#2a7a3a"/>
  <path d="M26 35 L33 42 L46 28" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="68" y="30" font-family="${FONT}" font-size="16" font-weight="700" fill="#243b53">20 pertemuan</text>
  <text x="68" y="52" font-family="${FONT}" font-size="14" fill="#486581">@ 90 menit</text>
</g>`;
  return svg(600, 480, body, t.landing.heroAlt);
}

function profile(): string {
  const books = ['#1971c2', '#2a7a3a', '#c2410c', '#5f3dc4', '#087f5b', '#c92a2a']
    .map((c, i) => `<rect x="${300 + (i % 2) * 8}" y="${360 - i * 24}" width="170" height="22" rx="4" fill="${c}"/>`)
    .join('\n');
  const body = `<rect width="520" height="440" fill="#fff9f0"/>
<rect x="30" y="40" width="300" height="200" rx="12" fill="#2f4f4f"/>
<rect x="40" y="50" width="280" height="180" rx="8" fill="#355e3b"/>
<text x="60" y="100" font-family="${FONT}" font-size="30" font-weight="700" fill="#ffffff">25+ tahun</text>
<text x="60" y="140" font-family="${FONT}" font-size="20" fill="#e9f5db">mengajar TOEFL</text>
<path d="M60 175 L140 175 M60 200 L220 200" stroke="#e9f5db" stroke-width="4" stroke-linecap="round"/>
${person(150, 300, 1.4, '#c68642', '#1b1b1b', '#243b53')}
<path d="M205 330 L260 250" stroke="#c68642" stroke-width="14" stroke-linecap="round"/>
${books}
<text x="385" y="412" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="#243b53">18 buku</text>
<circle cx="450" cy="70" r="40" fill="#ffe8cc"/>
<text x="450" y="80" text-anchor="middle" font-family="${FONT}" font-size="28" font-weight="700" fill="#c2410c">A+</text>`;
  return svg(520, 440, body, t.landing.profile.imageAlt);
}

function channel(): string {
  const body = `<rect width="520" height="320" fill="#f3f0ff"/>
<rect x="40" y="30" width="440" height="220" rx="16" fill="#243b53"/>
<rect x="56" y="46" width="408" height="188" rx="10" fill="#334e68"/>
<circle cx="260" cy="140" r="46" fill="#c92a2a"/>
<path d="M246 116 L246 164 L286 140 Z" fill="#ffffff"/>
<rect x="56" y="222" width="408" height="6" fill="#829ab1"/>
<rect x="56" y="222" width="150" height="6" fill="#c92a2a"/>
<rect x="150" y="264" width="220" height="44" rx="22" fill="#c92a2a"/>
<text x="260" y="293" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="#ffffff">Berlangganan</text>`;
  return svg(520, 320, body, t.landing.channel.imageAlt);
}

const avatarColors = ['#1971c2', '#2a7a3a', '#c2410c', '#5f3dc4', '#087f5b', '#c92a2a', '#1864ab', '#862e9c', '#2b8a3e'];

function testimonial(i: number, item: { nama: string; kota: string; text: string }): { svg: string; height: number } {
  const lines = wrap(`“${item.text}”`, 34);
  const height = 124 + lines.length * 24;
  const color = avatarColors[i % avatarColors.length] ?? '#1971c2';
  const stars = [0, 1, 2, 3, 4]
    .map(
      (s) =>
        `<path transform="translate(${92 + s * 20} 62) scale(0.8)" d="M10 0 L12.9 6.5 L20 7.3 L14.7 12 L16.2 19 L10 15.4 L3.8 19 L5.3 12 L0 7.3 L7.1 6.5 Z" fill="#f59f00"/>`,
    )
    .join('');
  const text = lines
    .map((l, n) => `<text x="24" y="${118 + n * 24}" font-family="${FONT}" font-size="17" fill="#243b53">${esc(l)}</text>`)
    .join('\n');
  const body = `<rect x="1" y="1" width="358" height="${height - 2}" rx="16" fill="#ffffff" stroke="#d9e2ec" stroke-width="2"/>
<circle cx="52" cy="52" r="28" fill="${color}"/>
<text x="52" y="61" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="#ffffff">${esc(initialsOf(item.nama))}</text>
<text x="92" y="46" font-family="${FONT}" font-size="18" font-weight="700" fill="#102a43">${esc(item.nama)}</text>
<text x="196" y="76" font-family="${FONT}" font-size="14" fill="#486581">${esc(item.kota)}</text>
${stars}
${text}`;
  return { svg: svg(360, height, body, t.landing.testimonials.imageAlt(item.nama, item.kota, item.text)), height };
}

function og(): string {
  const body = `<rect width="1200" height="630" fill="#1864ab"/>
<circle cx="1080" cy="90" r="180" fill="#1971c2"/>
<circle cx="140" cy="600" r="140" fill="#1c7ed6"/>
<text x="80" y="170" font-family="${FONT}" font-size="40" font-weight="600" fill="#d0ebff">Simulasi TOEFL ITP</text>
<text x="80" y="260" font-family="${FONT}" font-size="64" font-weight="800" fill="#ffffff">Kelas Intensif TOEFL Online</text>
<text x="80" y="340" font-family="${FONT}" font-size="34" fill="#e7f5ff">20 pertemuan x 90 menit · rekaman · e-book</text>
<text x="80" y="392" font-family="${FONT}" font-size="34" fill="#e7f5ff">25+ tahun pengalaman mengajar · 18 buku</text>
<rect x="80" y="450" width="470" height="84" rx="42" fill="#ffffff"/>
<text x="315" y="504" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#1864ab">Simulasi pertama gratis</text>
<g transform="translate(1075 470)">${person(0, 0, 1.7, '#e0ac69', '#2d1e12', '#ffffff')}
  <path d="M-46 -6 C-46 -66 46 -66 46 -6" stroke="#102a43" stroke-width="9" fill="none" transform="scale(1.7)"/></g>`;
  return svg(1200, 630, body, 'Kelas Intensif TOEFL Online dan simulasi TOEFL ITP');
}

async function main() {
  await mkdir(out, { recursive: true });
  await writeFile(path.join(heroOut, 'hero.svg'), hero());
  await writeFile(path.join(out, 'profile.svg'), profile());
  await writeFile(path.join(out, 'channel.svg'), channel());
  const heights: number[] = [];
  for (const [i, item] of t.landing.testimonials.items.entries()) {
    const card = testimonial(i, item);
    heights.push(card.height);
    await writeFile(path.join(out, `testimoni-${i + 1}.svg`), card.svg);
  }
  const ogSvg = og();
  await writeFile(path.join(out, 'og.svg'), ogSvg);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<html><body style="margin:0">${ogSvg}</body></html>`);
  await page.screenshot({ path: path.join(out, 'og.png'), clip: { x: 0, y: 0, width: 1200, height: 630 } });
  await browser.close();
  console.log('testimonial card heights (for width/height attributes):', JSON.stringify(heights));
}

await main();
