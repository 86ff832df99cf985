// The static site's service worker: once the site has been opened, its pages and lessons open
// again with the network cut (a school tablet at home, a classroom whose Wi-Fi drops).
// scripts/build_site.py writes the SITE line below: the build's hash and every file of the
// built site (paths relative to this file), and site/offline.js registers this worker.
//
// - install: every file of the build goes into a cache named by the build's hash, all or
//   nothing (the worker is not activated until they all are);
// - activate: the caches of other builds are dropped, and the open pages are taken over;
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

//: A name with a content hash in it: "4680.34db628.js", "remoteEntry.abcac41d5ca77040.js", or a
//: folder named by one ("static/pyodide/0c8136152aca2f4e/vandatta-….whl").
const CONTENT_HASHED = /(\.[0-9a-f]{7,}\.[a-z0-9]+$)|(\/[0-9a-f]{16}\/[^/]+$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidated with the server, so an older build's file kept in the
      // browser's HTTP cache never slips into this build's cache
      await cache.addAll(SITE.files.map((path) => new Request(new URL(path, ROOT), { cache: "no-cache" })));
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

//: The cached copy of a request: the exact URL, else the same file without its query
//: ("index.html?path=…", "run_on_open.js?_=…"), a folder's index.html for a folder.
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return (await cache.match(request)) || (await cache.match(url.href, { ignoreSearch: true }));
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await fromCache(request);
    if (kept) return kept;
    // every file of the build is cached: one that is not is not on the site either
    if (SITE.files.length) return new Response("", { status: 404, statusText: "Not Found" });
    throw error;
  }
}

async function cacheFirst(request) {
  return (await fromCache(request)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(ROOT.href)) return;
  event.respondWith(CONTENT_HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});
