/* global window, setTimeout, console */
// The static site: a lesson (and the app) runs by itself when it opens, as in Voilà — a tablet
// has no Shift key, and a child should not have to know about cells. scripts/build_site.py
// puts this file beside the Notebook pages (notebooks/index.html loads it); nothing here asks
// any other host for anything.
//
// The Notebook app keeps itself in window.jupyterapp. Once the app is restored and the open
// notebook has its kernel, every cell is run once ("notebook:run-all-cells"), and the view is
// put back at the top: Run All makes the last cell the active one, which scrolls to the end.
// window.vandattaRunOnOpen says how far it got ("waiting", "running", "done"), for the tests.
(function () {
  "use strict";
  const ran = new WeakSet();
  window.vandattaRunOnOpen = "waiting";

  function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  async function theApp() {
    while (!window.jupyterapp) await sleep(100);
    return window.jupyterapp;
  }

  function backToTheTop(panel) {
    panel.content.activeCellIndex = 0;
    panel.content.node.scrollTop = 0;
    if (panel.content.scrollToItem) panel.content.scrollToItem(0, "start");
  }

  async function runOnce(app, panel) {
    if (!panel || !panel.sessionContext || !panel.content || ran.has(panel)) return;
    ran.add(panel);
    await panel.context.ready;
    await panel.sessionContext.ready;
    window.vandattaRunOnOpen = "running";
    const finished = app.commands.execute("notebook:run-all-cells");
    backToTheTop(panel);
    await finished;
    backToTheTop(panel);
    window.vandattaRunOnOpen = "done";
  }

  theApp().then(async (app) => {
    await app.restored;
    const check = () => runOnce(app, app.shell.currentWidget).catch((error) => console.error(error));
    check();
    if (app.shell.currentChanged) app.shell.currentChanged.connect(check);
  });
})();
