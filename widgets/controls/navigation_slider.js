
function render({ model, el }) {
  el.classList.add("vd-ply-slider");
  const input = document.createElement("input");
  input.type = "range";
  input.min = "0";
  input.step = "1";
  el.append(input);
  const draw = () => {
    input.max = String(model.get("max"));
    input.value = String(model.get("value"));
    input.setAttribute("aria-label", model.get("label"));
    input.setAttribute("aria-valuetext", model.get("valuetext"));
    input.title = model.get("tip") || model.get("label");
    input.disabled = model.get("max") <= 0;
  };
  let frame = 0;
  input.addEventListener("input", () => {
    // at most one message a frame while a finger drags
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const value = parseInt(input.value, 10);
      if (value !== model.get("value")) { model.set("value", value); model.save_changes(); }
    });
  });
  for (const name of ["value", "max", "label", "valuetext", "tip"]) model.on(`change:${name}`, draw);
  draw();
}
export default { render };
