
const RED = /([♥♦])/;

function render({ model, el }) {
  el.classList.add("vd-rv-marks");
  const chart = document.createElement("div");
  chart.className = "vd-rv-chart";
  const row = document.createElement("div");
  row.className = "vd-rv-row";
  row.setAttribute("role", "group");
  el.append(chart, row);
  const text = (node, words) => {  // words as text, ♥ and ♦ in red: never HTML
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
  const go = (ply) => model.send({ go: ply });
  const mark = () => {
    // One tab stop for the row, on the chosen mark (else the first): the arrows move along
    // it, so Tab passes a round of 30 decisions in one press, not 30.
    const current = model.get("current");
    const buttons = [...row.children];
    const stop = buttons.find((b) => Number(b.dataset.ply) === current) || buttons[0];
    for (const b of buttons) {
      b.setAttribute("aria-pressed", Number(b.dataset.ply) === current ? "true" : "false");
      b.tabIndex = b === stop ? 0 : -1;
    }
    for (const g of chart.querySelectorAll(".vd-rv-pt")) {
      g.classList.toggle("vd-rv-current", Number(g.dataset.ply) === current);
    }
  };
  const draw = () => {
    // the chart is drawn by the kernel (never from anything the browser sent)
    chart.innerHTML = model.get("chart");
    chart.hidden = !model.get("chart");
    row.setAttribute("aria-label", model.get("label"));
    row.replaceChildren(...model.get("marks").map(([ply, symbol, grade, label]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `vd-rv-mark vd-rv-${grade} jupyter-button`;
      b.dataset.ply = String(ply);
      b.setAttribute("aria-label", label);
      b.title = label;
      const number = document.createElement("span");
      number.className = "vd-rv-ply";
      number.textContent = String(ply);
      const sign = document.createElement("span");
      sign.className = "vd-rv-sign";
      sign.setAttribute("aria-hidden", "true");
      text(sign, symbol);
      b.append(number, sign);
      return b;
    }));
    mark();
  };
  row.addEventListener("click", (event) => {
    const b = event.target instanceof Element ? event.target.closest("button") : null;
    if (b && row.contains(b)) go(Number(b.dataset.ply));
  });
  row.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const buttons = [...row.children];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    let next;
    if (event.key === "ArrowLeft") next = Math.max(0, at - 1);
    else if (event.key === "ArrowRight") next = Math.min(buttons.length - 1, at + 1);
    else if (event.key === "Home") next = 0;
    else next = buttons.length - 1;
    buttons[next].focus();
    go(Number(buttons[next].dataset.ply));
  });
  chart.addEventListener("click", (event) => {
    const g = event.target instanceof Element ? event.target.closest(".vd-rv-pt") : null;
    if (g) go(Number(g.dataset.ply));
  });
  model.on("change:chart", draw);
  model.on("change:marks", draw);
  model.on("change:label", draw);
  model.on("change:current", mark);
  draw();
}
export default { render };
