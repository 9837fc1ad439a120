import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript, counted one way for the bench (`npm run bench -- --js`) and the browser test that guards it
 * (tests/e2e/first-load-js.spec.ts): the scripts a route's server-rendered HTML names, gzip-sized (Node's default
 * level), beside the framework floor (docs/performance.md "First-load JavaScript").
 */

/** A route may load at most 25 kB gzip JavaScript above the framework floor (kB = 1024 bytes, as the bench prints). */
export const JS_TARGET_ABOVE_FLOOR = 25 * 1024;

/** The `/_next/static/…js` scripts a page's HTML loads, each once, in order. */
export function pageScripts(html: string): string[] {
  return [...new Set([...html.matchAll(/<script[^>]+src="([^"]*\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''))];
}

/**
 * The framework floor: what an empty route of this build loads. Every App Router page loads the build's
 * `rootMainFiles` (Turbopack's runtime, React, React DOM, Next's router) and `polyfillFiles` (nomodule), and a
 * route with no client components of its own adds nothing else; the manifest names exactly those files, so no
 * empty route has to exist. As paths a page would name them (`/_next/static/chunks/…`).
 */
export function floorScripts(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, '.next/build-manifest.json'), 'utf8')) as {
    rootMainFiles: string[];
    polyfillFiles: string[];
  };
  return [...new Set([...manifest.rootMainFiles, ...manifest.polyfillFiles])].map((file) => `/_next/${file}`);
}

export interface ScriptSizes {
  files: number;
  raw: number;
  gzip: number;
}

/** Sizes of scripts fetched through `get` (the web, as a browser would), which fails on anything but a 200. */
export async function sizeScripts(srcs: string[], get: (src: string) => Promise<Buffer>): Promise<ScriptSizes> {
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = await get(src);
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { files: srcs.length, raw, gzip };
}
