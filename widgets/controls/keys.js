
const IGNORE = "input, select, textarea, [role='slider'], [role='listbox'], [role='tablist'], " +
  "[role='tab'], [role='menu'], [contenteditable], .noUi-handle";
const PRESS = "button, a[href], summary, [role='button']";

// A view on a tab that is not shown (or in a closed panel) hears no keys.
const shown = (node) => node !== null && (node.checkVisibility ? node.checkVisibility() : node.offsetParent !== null);

function render({ model, el }) {
  el.classList.add("vd-keys");
  const scope = () => el.closest(".vd-keys-scope");
  let blank = null;
  const unblank = () => { if (blank) { blank.remove(); blank = null; } };
  const toggleBlank = () => {
    if (blank) return unblank();
    blank = document.createElement("div");
    blank.className = "vd-blank";
    blank.addEventListener("click", unblank);
    (document.fullscreenElement || document.body).append(blank);
  };
  const toggleFull = () => {
    const view = scope();
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else if (view && view.requestFullscreen) view.requestFullscreen().catch(() => {});
  };
  const onKey = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const mine = scope();
    if (!shown(mine)) return;
    if (blank) { event.preventDefault(); unblank(); return; }  // any key brings the picture back
    const target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest(IGNORE))) return;
    if (target && (event.key === " " || event.key === "Enter") && target.closest(PRESS)) return;
    const owner = target ? target.closest(".vd-keys-scope") : null;
    if (owner) {
      if (owner !== mine) return;               // another view has the focus
    } else {
      // focus nowhere in particular: the first listener whose view is shown answers
      const first = [...document.querySelectorAll(".vd-keys")].find((k) => shown(k.closest(".vd-keys-scope")));
      if (first !== el) return;
    }
    if (model.get("presenter") && !event.shiftKey) {
      const key = event.key.toLowerCase();
      if (key === "f") { event.preventDefault(); toggleFull(); return; }
      if (key === "b" || key === ".") { event.preventDefault(); toggleBlank(); return; }
    }
    if (event.shiftKey || !model.get("watched").includes(event.key)) return;
    event.preventDefault();                     // no page scrolling on Home/End/arrows/space
    model.send({ key: event.key });
  };
  document.addEventListener("keydown", onKey);

  // the view's width, for an arrangement that suits it
  let observer = null;
  let sent = -1;
  const measure = () => {
    const view = scope();
    const width = view ? Math.round(view.getBoundingClientRect().width) : 0;
    if (width > 0 && Math.abs(width - sent) > model.get("width_step")) { sent = width; model.send({ width }); }
  };
  const watch = () => {
    if (observer) { observer.disconnect(); observer = null; }
    const view = scope();
    if (model.get("report_width") && view && window.ResizeObserver) {
      observer = new ResizeObserver(() => measure());
      observer.observe(view);
    }
  };
  model.on("change:report_width", watch);
  model.on("change:presenter", () => { if (!model.get("presenter")) unblank(); });

  // A button that its own press disables (the replay's "Next" on the last move) would drop
  // the focus out of the view, and the next Tab would start again at the top of the page:
  // the focus goes to the nearest button beside it that can still be pressed.
  // (A click elsewhere forgets the button: the focus only moves on where it was left.)
  let lastFocused = null;
  const onFocusIn = (event) => { lastFocused = event.target; };
  const onPointerDown = () => { lastFocused = null; };
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("pointerdown", onPointerDown, true);
  let keeper = null;
  const keepFocus = () => {
    const view = scope();
    if (keeper || !view || !window.MutationObserver) return;
    keeper = new MutationObserver((records) => {
      for (const record of records) {
        const button = record.target;
        if (button !== lastFocused || !button.disabled || !button.parentElement) continue;
        const row = [...button.parentElement.children].filter((b) => b.matches("button"));
        const at = row.indexOf(button);
        for (let d = 1; d < row.length; d++) {
          const near = [row[at - d], row[at + d]].find((b) => b && !b.disabled && shown(b));
          if (near) { near.focus(); break; }
        }
      }
    });
    keeper.observe(view, { attributes: true, attributeFilter: ["disabled"], subtree: true });
  };
  // the view is put in the page after this element: look for it once it is there
  requestAnimationFrame(() => { watch(); keepFocus(); });
  return () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("pointerdown", onPointerDown, true);
    if (observer) observer.disconnect();
    if (keeper) keeper.disconnect();
    unblank();
  };
}
export default { render };
