
function render({ model, el }) {
  el.classList.add("vd-picker");
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  input.tabIndex = -1;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button vd-picker-button";
  el.append(button, input);
  const draw = () => {
    button.textContent = model.get("label");
    button.title = model.get("tip");
    input.accept = model.get("accept");
  };
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";  // the same file can be chosen again, and nothing is kept here
    if (!file) return;
    const name = String(file.name).slice(0, 200);
    if (file.size > model.get("limit")) {  // never read, never sent
      model.send({ refused: { name, size: file.size } });
      return;
    }
    try {
      const data = await file.arrayBuffer();
      model.send({ file: { name, size: data.byteLength } }, undefined, [data]);
    } catch {
      model.send({ unreadable: { name } });
    }
  });
  for (const name of ["label", "tip", "accept"]) model.on(`change:${name}`, draw);
  draw();
}
export default { render };
