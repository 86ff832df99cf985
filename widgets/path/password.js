// The picture password on the path (widgets/path/password.py): nine big picture buttons, two
// tapped in order, as on the class's join page. Only "chosen" goes back to the kernel.
function element(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

let counter = 0;

function render({ model, el }) {
  counter += 1;
  const labelId = `vd-password-label-${counter}`;
  el.classList.add("vd-password");

  function draw() {
    const words = model.get("words") || {};
    const chosen = model.get("chosen") || [];
    el.replaceChildren();
    el.append(element("p", { id: labelId, class: "vd-password-label" }, words.kj_pictures || ""));
    const grid = element("div", { class: "vd-password-grid", role: "group", "aria-labelledby": labelId });
    for (const picture of model.get("pictures") || []) {
      const at = chosen.indexOf(picture.id);
      const button = element("button", {
        type: "button",
        class: "vd-password-picture",
        "aria-pressed": at >= 0 ? "true" : "false",
        "data-picture": picture.id,
      });
      button.innerHTML = picture.svg; // drawn by the kernel from its own shapes, no visitor text
      const badge = element("span", { class: "vd-password-badge", "aria-hidden": "true" });
      badge.textContent = at < 0 ? "" : at === 0 ? words.kj_first || "1" : words.kj_second || "2";
      button.append(badge, element("span", { class: "vd-password-name" }, picture.name));
      button.addEventListener("click", () => {
        const now = model.get("chosen") || [];
        if (now.includes(picture.id) || now.length >= 2) return;
        model.set("chosen", [...now, picture.id]);
        model.save_changes();
      });
      grid.append(button);
    }
    const again = element("button", { type: "button", class: "vd-password-again" }, words.kj_again || "");
    again.addEventListener("click", () => {
      model.set("chosen", []);
      model.save_changes();
    });
    el.append(grid, again);
  }

  model.on("change:chosen", draw);
  model.on("change:pictures", draw);
  model.on("change:words", draw);
  draw();
  return () => {
    model.off("change:chosen", draw);
    model.off("change:pictures", draw);
    model.off("change:words", draw);
  };
}

export default { render };
