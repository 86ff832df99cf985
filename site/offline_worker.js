// The static site's service worker: once the site has been opened, its pages and lessons open
// again with the network cut (a school tablet at home, a classroom whose Wi-Fi drops).
// scripts/build_site.py writes the SITE line below: the build's hash and every file of the
// built site (paths relative to this file), and site/offline.js registers this worker.
//
// A first visit fetches nothing twice: a class of 30 shares one school network, and the
// lesson's own files are 28 MB. So the worker keeps what the pages fetch anyway:
// - install: nothing is fetched for a first visit, and the worker takes the page over at once
//   (activate: clients.claim), so every file the lesson fetches from then on passes through it
//   and a copy is kept;
// - "keep" (a message from site/offline.js, once the page's lesson has run): the files the page
//   fetched before the worker had it (its first scripts), Python's files and every lesson's
//   notebook are kept from the browser's HTTP cache (the network only for a file of the page's
//   the HTTP cache dropped, or a lesson not opened yet, a few kB each: see keepFetched);
// - files no page asked for (JupyterLab's app, fonts the browser does not use: 12 of the site's
//   40 MB) are not fetched; a page that uses them online gets them kept as they pass through.
// - a new build (the build's hash names the cache): install keeps again what the old build's
//   cache held — a name with a content hash that the new build still has is copied, any other
//   file revalidated ("no-cache": a 304 when unchanged), and Python's and the lessons' files
//   new in this build (this package's wheel in its new hash folder) fetched if the old cache
//   had Python or the lessons — all or nothing, so the old worker serves until the new one has
//   it all; activate then drops the old caches. (An app chunk renamed by a new JupyterLite is
//   kept once a page uses it online.)
// - fetch (same-origin GETs only): a file whose name carries a content hash (the app's chunks,
//   this package's wheel in its hash folder) comes from the cache first; everything else
//   (pages, settings, the lock and the wheels it names, the notebooks) from the network first,
//   so that a new build is picked up online, and from the cache when the network fails.
//
// JupyterLite's own service worker stays off (scripts/build_site.py): it served only the
// kernel's file access to the drive, /api/drive, which the site does not mount.
"use strict";

const SITE = { build: "unbuilt", files: [] }; // written by scripts/build_site.py

const PREFIX = "vandatta-site-";
const CACHE = PREFIX + SITE.build;
const ROOT = new URL("./", self.location.href);
const FILES = new Set(SITE.files);

//: A name with a content hash in it: "4680.34db628.js", "remoteEntry.abcac41d5ca77040.js", or a
//: folder named by one ("static/pyodide/0c8136152aca2f4e/vandatta-….whl").
const CONTENT_HASHED = /(\.[0-9a-f]{7,}\.[a-z0-9]+$)|(\/[0-9a-f]{16}\/[^/]+$)/;
//: Kept on "keep" even if the page did not fetch them itself: the lessons' notebooks with their
//: listings (every lesson opens offline), and Python's files (the kernel's worker fetched them).
const LESSONS = /^(files|api)\//;
const PYTHON = /^static\/pyodide\//;

//: The site's file a URL names ("notebooks/index.html" for ".../notebooks/?path=…"), or null.
function sitePath(href) {
  const url = new URL(href);
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return FILES.has(path) ? path : null;
}

//: One cache entry per file of the site, under its plain URL (no query).
function cacheKey(path) {
  return new URL(path, ROOT).href;
}

//: A whole file from the site itself (a redirected response cannot answer a page's request).
function keepable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

//: Keep a copy of a response the page gets from the network (the copy is taken before the
//: page reads the body; the put finishes while the page goes on).
function keepCopy(event, path, response) {
  if (!path || !keepable(response)) return;
  const copy = response.clone();
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(cacheKey(path), copy)));
}

//: A new build keeps again what an older build's cache held (see the top of this file).
async function keepFromOlderBuilds(cache) {
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  for (const name of older) {
    const old = await caches.open(name);
    const kept = await old.keys();
    await Promise.all(
      kept.map(async (request) => {
        const path = sitePath(request.url);
        if (!path) return;
        if (CONTENT_HASHED.test(path)) {
          await cache.put(cacheKey(path), await old.match(request));
          return;
        }
        await keepFromServer(cache, path);
      }),
    );
    // the new build's own wheel lives in a new hash folder, and a new lesson is a new file:
    // kept now if Python (or the lessons) was, or the lessons would not start offline
    const had = kept.map((request) => sitePath(request.url) || "");
    const missing = [...FILES].filter(
      (path) => !had.includes(path) && [PYTHON, LESSONS].some((kind) => kind.test(path) && had.some((p) => kind.test(p))),
    );
    await Promise.all(missing.map((path) => keepFromServer(cache, path)));
  }
}

async function keepFromServer(cache, path) {
  const response = await fetch(new Request(cacheKey(path), { cache: "no-cache" }));
  if (!keepable(response)) throw new Error(`${path}: ${response.status}`);
  await cache.put(cacheKey(path), response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await keepFromOlderBuilds(await caches.open(CACHE));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

//: "keep": each file not kept yet of those the page fetched (``urls``: "force-cache", from the
//: HTTP cache, or the network if the cache has dropped it), of the lessons (small: "force-cache")
//: and of Python's that the HTTP cache holds ("only-if-cached": never the network, as the
//: page may be on its way to fetch them). Answers how many files are kept.
async function keepFetched(urls) {
  const cache = await caches.open(CACHE);
  const wanted = new Map();
  for (const path of FILES) if (LESSONS.test(path)) wanted.set(path, "force-cache");
  for (const path of FILES) if (PYTHON.test(path)) wanted.set(path, "only-if-cached");
  for (const path of urls.map(sitePath)) if (path) wanted.set(path, "force-cache");
  await Promise.all(
    [...wanted].map(async ([path, mode]) => {
      if (await cache.match(cacheKey(path))) return;
      try {
        const response = await fetch(new Request(cacheKey(path), { cache: mode, mode: "same-origin" }));
        if (keepable(response)) await cache.put(cacheKey(path), response);
      } catch {
        // not in the HTTP cache ("only-if-cached"), or the network gone: kept when next fetched
      }
    }),
  );
  return (await cache.keys()).length;
}

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  if (!port || !event.data || event.data.type !== "keep") return;
  event.waitUntil(
    keepFetched(event.data.urls || []).then(
      (kept) => port.postMessage({ kept }),
      (error) => port.postMessage({ error: String(error) }),
    ),
  );
});

async function fromCache(path) {
  return path ? (await caches.open(CACHE)).match(cacheKey(path)) : undefined;
}

async function networkFirst(event, path) {
  try {
    const response = await fetch(event.request);
    keepCopy(event, path, response);
    return response;
  } catch (error) {
    const kept = await fromCache(path);
    if (kept) return kept;
    throw error; // not kept: the browser says it is offline
  }
}

async function cacheFirst(event, path) {
  const kept = await fromCache(path);
  if (kept) return kept;
  const response = await fetch(event.request);
  keepCopy(event, path, response);
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(ROOT.href)) return;
  const path = sitePath(request.url);
  event.respondWith(path && CONTENT_HASHED.test(path) ? cacheFirst(event, path) : networkFirst(event, path));
});
