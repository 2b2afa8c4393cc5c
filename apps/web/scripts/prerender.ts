// Pre-renders the landing (/logging) after `vite build`: dist/prerendered/logging.html is the landing's markup with its
// critical CSS inline and one small script, and none of the app's JavaScript; the script loads the app on the first
// click on Ingresar (src/landing/landing-boot.ts). The server sends this file for /logging when it exists.
// usage (in apps/web): node --import tsx scripts/prerender.ts [distDir]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { transformWithEsbuild } from 'vite';
import type { LandingApp } from '../src/landing/landing-boot.ts';

// Production React and MUI: the class names of the critical CSS are then those the built app generates.
process.env.NODE_ENV = 'production';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(webRoot, process.argv[2] ?? 'dist');
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const { renderLanding } = await import('../src/landing/render-landing.tsx');
const prerendered = await import('../src/landing/prerendered.ts');

// What index.html loads up front becomes what the landing loads on demand.
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const entries: string[] = [];
const preload: string[] = [];
const styles: string[] = [];
let head = template
  .replace(/\s*<script\b[^>]*type="module"[^>]*>\s*<\/script>/g, (tag) => {
    const src = attr(tag, 'src');
    if (src) entries.push(src);
    return '';
  })
  .replace(/\s*<link\b[^>]*rel="(modulepreload|stylesheet)"[^>]*>/g, (tag, rel: string) => {
    const href = attr(tag, 'href');
    if (href) (rel === 'stylesheet' ? styles : preload).push(href);
    return '';
  });
if (entries.length !== 1) throw new Error(`prerender: expected one module script in ${dist}/index.html, found ${entries.length}`);

const app: LandingApp = {
  entry: entries[0]!,
  preload,
  styles,
  attrs: {
    root: prerendered.PRERENDERED_ID,
    login: prerendered.LOGIN_ATTR,
    loginIntent: prerendered.LOGIN_INTENT_ATTR,
    revealed: prerendered.REVEALED_ATTR,
    reveal: prerendered.REVEAL_ATTR,
    month: prerendered.MONTH_ATTR,
    year: prerendered.YEAR_ATTR,
  },
  profileKey: 'profile',
};
const bootSource = fs.readFileSync(path.join(webRoot, 'src/landing/landing-boot.ts'), 'utf8');
const boot = await transformWithEsbuild(bootSource, 'landing-boot.ts', {
  format: 'iife',
  globalName: 'landingBoot',
  minify: true,
  target: 'es2020',
});
// A file, not an inline script: the server's Content-Security-Policy allows scripts from 'self' only. Hashed under
// assets/, so it is cached for good like the app's own files.
const script = `${boot.code.trim()};landingBoot.bootLanding(${JSON.stringify(app)});\n`;
const scriptFile = `assets/landing-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(dist, scriptFile), script);

const { html, styleTags } = renderLanding();
const root = `#${prerendered.PRERENDERED_ID}`;
const easing = 'cubic-bezier(.4,0,.2,1)';
// The entrance MUI's Grow (1000 ms) and Fade (1500 ms) play when the app mounts the hero, in CSS; and a bar while the
// app loads after a click. Scoped to the static copy, so the app's own landing never replays it.
const pageCss = `
@keyframes landing-fade{from{opacity:0}}
@keyframes landing-scale{from{transform:scale(.75,.5625)}}
@keyframes landing-busy{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
${root} .landing-hero-text{animation:landing-fade 1000ms ${easing} backwards,landing-scale 666ms ${easing} backwards}
${root} .landing-hero-preview{animation:landing-fade 1500ms ${easing} backwards}
${root}[aria-busy]{cursor:progress}
${root}[aria-busy]::before{content:"";position:fixed;z-index:2000;top:0;left:0;width:40%;height:4px;background:#b85a0c;animation:landing-busy 1.2s linear infinite}
`.trim();

// No first paint of a half-parsed page (its hero, centred in its height, would move as the rest arrives): rendering
// waits until #root, just after the landing's markup, is parsed. A Lighthouse run on a busy machine caught that shift.
const renderBlock = '<link rel="expect" href="#root" blocking="render" />';
head = head.replace('</head>', `    ${renderBlock}\n    ${styleTags}\n    <style>${pageCss}</style>\n  </head>`);
const page = head.replace(
  /<div id="root"><\/div>/,
  `<div id="${prerendered.PRERENDERED_ID}">${html}</div>\n    <div id="root"></div>\n    <script defer src="/${scriptFile}"></script>`,
);
if (page === head) throw new Error('prerender: no <div id="root"></div> in index.html');

fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
fs.writeFileSync(path.join(dist, 'prerendered', 'logging.html'), page);
console.log(`prerendered /logging: ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB, loads ${app.entry} on demand`);
