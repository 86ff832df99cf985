/* global window, navigator, document, URL, console, performance, setTimeout, MessageChannel */
// The static site's pages register its service worker (site/offline_worker.js, beside this file
// at the site's root), which keeps the site's files for opening it again offline.
// scripts/build_site.py adds this script to the start page and the JupyterLite pages.
//
// The worker fetches nothing itself on a first visit (a class shares one network): it takes the
// page over and keeps what passes through it; once the page is done (loaded, and on a lesson's
// page its cells run: site/run_on_open.js), this script sends it the files the page fetched
// before that, and the worker keeps them from the browser's HTTP cache.
// window.vandattaOffline says how far it got, for the tests: "registering", then "ready" once
// the worker has kept what this page used, or "unsupported" (no service workers: e.g. a page
// opened from file://) or "failed". window.vandattaOfflineKept: how many files are kept.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    window.vandattaOffline = "unsupported";
    return;
  }
  window.vandattaOffline = "registering";
  // every file this page fetches is named to the worker: more than the 250 entries kept by default
  if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(5000);
  const worker = new URL("offline_worker.js", document.currentScript.src);

  function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  // Loaded, and a lesson's cells run: until then the page (and Python's worker) is fetching.
  async function pageDone() {
    while (document.readyState !== "complete" || (window.vandattaRunOnOpen !== undefined && window.vandattaRunOnOpen !== "done")) {
      await sleep(500);
    }
  }

  function keep(registration) {
    const urls = [window.location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
    return new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => (event.data.error ? reject(new Error(event.data.error)) : resolve(event.data.kept));
      registration.active.postMessage({ type: "keep", urls }, [channel.port2]);
    });
  }

  navigator.serviceWorker
    .register(worker.href)
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      await pageDone();
      return keep(registration);
    })
    .then((kept) => {
      window.vandattaOfflineKept = kept;
      window.vandattaOffline = "ready";
    })
    .catch((error) => {
      window.vandattaOffline = "failed";
      console.error("offline copy of the site:", error);
    });
})();
