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
}
export default { render };
