// A live region made once and kept: a screen reader announces the text put into it (a region
// inserted anew with each change would often go unheard).
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "vd-sr-only vd-announce";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.append(region);
  const say = () => { region.textContent = model.get("text"); };
  model.on("change:text", say);
  say();

  // A button that its own press disables (the third "Dra ett kort") would drop the keyboard's
  // focus to the top of the page: the focus goes to the nearest button beside it that can
  // still be pressed. (A click elsewhere forgets the button.)
  let lastFocused = null;
  let keeper = null;
  const onFocusIn = (event) => { lastFocused = event.target; };
  const onPointerDown = () => { lastFocused = null; };
  const usable = (b) => b && !b.disabled && b.offsetParent !== null;
  const keep = () => {
    const table = el.closest(".vd-play");
    if (!table || !window.MutationObserver) return;
    table.addEventListener("focusin", onFocusIn);
    table.addEventListener("pointerdown", onPointerDown, true);
    keeper = new MutationObserver((records) => {
      for (const record of records) {
        const button = record.target;
        if (button !== lastFocused || !button.disabled || !button.parentElement) continue;
        const row = [...button.parentElement.children].filter((b) => b.matches("button"));
        const at = row.indexOf(button);
        for (let d = 1; d < row.length; d++) {
          const near = [row[at + d], row[at - d]].find(usable);
          if (near) { near.focus(); break; }
        }
      }
    });
    keeper.observe(table, { attributes: true, attributeFilter: ["disabled"], subtree: true });
  };
  requestAnimationFrame(keep);  // the table is put in the page after this element
  return () => {
    if (keeper) keeper.disconnect();
    const table = el.closest(".vd-play");
    if (table) {
      table.removeEventListener("focusin", onFocusIn);
      table.removeEventListener("pointerdown", onPointerDown, true);
    }
  };
}
export default { render };
