
const RED = /([♥♦])/;

function render({ model, el }) {
  el.classList.add("vd-move-list");
  const uid = Math.random().toString(36).slice(2, 8);
  const earlier = document.createElement("button");
  const later = document.createElement("button");
  const box = document.createElement("div");
  earlier.type = later.type = "button";
  earlier.className = "vd-ml-earlier jupyter-button";
  later.className = "vd-ml-later jupyter-button";
  box.className = "vd-ml-box";
  box.setAttribute("role", "listbox");
  box.tabIndex = 0;
  el.append(earlier, box, later);

  const rowId = (ply) => `vd-ml-${uid}-${ply}`;
  const text = (node, words) => {  // the words as text, ♥ and ♦ in red: never HTML
    for (const part of String(words).split(RED)) {
      if (!part) continue;
      if (RED.test(part)) {
        const span = document.createElement("span");
        span.className = "vd-red";
        span.textContent = part;
        node.append(span);
      } else node.append(document.createTextNode(part));
    }
  };
  const draw = () => {
    const rows = model.get("rows");
    const current = model.get("current");
    box.setAttribute("aria-label", model.get("label"));
    box.title = model.get("tip");
    earlier.textContent = model.get("earlier");
    later.textContent = model.get("later");
    earlier.hidden = !model.get("has_earlier");
    later.hidden = !model.get("has_later");
    box.replaceChildren(...rows.map(([ply, words]) => {
      const row = document.createElement("div");
      row.setAttribute("role", "option");
      row.id = rowId(ply);
      row.dataset.ply = String(ply);
      row.setAttribute("aria-selected", ply === current ? "true" : "false");
      text(row, words);
      return row;
    }));
    mark();
  };
  const mark = () => {  // the current move: chosen, in view, and what the list box points at
    const current = model.get("current");
    let found = null;
    for (const row of box.children) {
      const on = Number(row.dataset.ply) === current;
      row.setAttribute("aria-selected", on ? "true" : "false");
      if (on) found = row;
    }
    if (found) {
      box.setAttribute("aria-activedescendant", found.id);
      const top = found.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + found.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    } else box.removeAttribute("aria-activedescendant");
  };
  const go = (ply) => model.send({ go: ply });
  box.addEventListener("click", (event) => {
    const row = event.target instanceof Element ? event.target.closest("[role='option']") : null;
    if (row && box.contains(row)) go(Number(row.dataset.ply));
  });
  box.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = model.get("current");
    const steps = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    let target = null;
    if (event.key in steps) target = current + steps[event.key];
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = model.get("last");
    if (target === null) return;
    event.preventDefault();
    go(Math.max(0, Math.min(model.get("last"), target)));
  });
  earlier.addEventListener("click", () => model.send({ page: -1 }));
  later.addEventListener("click", () => model.send({ page: 1 }));
  model.on("change:rows", draw);
  model.on("change:current", mark);
  for (const name of ["label", "tip", "earlier", "later", "has_earlier", "has_later"]) model.on(`change:${name}`, draw);
  draw();
}
export default { render };
