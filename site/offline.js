/* global window, navigator, document, URL, console */
// The static site's pages register its service worker (site/offline_worker.js, beside this file
// at the site's root), which keeps every file of the site for opening it again offline.
// scripts/build_site.py adds this script to the start page and the JupyterLite pages.
// window.vandattaOffline says how far it got, for the tests: "registering", then "ready" once
// a worker controls the page (it is only activated once every file is cached), or
// "unsupported" (no service workers: e.g. a page opened from file://) or "failed".
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    window.vandattaOffline = "unsupported";
    return;
  }
  window.vandattaOffline = "registering";
  const worker = new URL("offline_worker.js", document.currentScript.src);
  navigator.serviceWorker
    .register(worker.href)
    .then(() => navigator.serviceWorker.ready)
    .then(() => {
      if (navigator.serviceWorker.controller) return;
      // the first visit: the worker takes the page over once it is activated
      return new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    })
    .then(() => {
      window.vandattaOffline = "ready";
    })
    .catch((error) => {
      window.vandattaOffline = "failed";
      console.error("offline copy of the site:", error);
    });
})();
