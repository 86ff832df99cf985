
function initialize({ model }) {
  // One timer per model (not per view), started whenever `running` is true — also when the
  // page first loads with a computer to move.
  let timer = null;
  const stop = () => { if (timer !== null) { clearTimeout(timer); timer = null; } };
  const schedule = () => {
    stop();
    if (!model.get("running")) return;
    const ms = Math.max(50, Number(model.get("interval")) || 900);
    timer = setTimeout(() => {
      timer = null;
      if (!model.get("running")) return;
      model.set("tick", (model.get("tick") + 1) % 1000000000);
      model.save_changes();
      schedule();
    }, ms);
  };
  model.on("change:running", schedule);
  model.on("change:interval", schedule);
  schedule();
  return stop;
}
function render({ el }) { el.style.display = "none"; }
export default { initialize, render };
