// The dashboard's "Spela med andra" tab: the tables' page (client.js, served by the server the
// dashboard runs in) mounted inside the widget. Where no server has tables (JupyterLab, the
// static site), it says so instead.
function baseUrl(model) {
  const given = model.get("base");
  if (given) return given;
  const data = document.getElementById("jupyter-config-data");
  try {
    const base = data ? JSON.parse(data.textContent).baseUrl : "/";
    return base && base.endsWith("/") ? base : (base || "") + "/";
  } catch {
    return "/";
  }
}

async function render({ model, el }) {
  el.classList.add("vd-tables-tab");
  const base = baseUrl(model);
  const words = model.get("words");
  const note = document.createElement("p");
  note.className = "vd-tables-note";
  const say = (key) => { note.textContent = (words[key] || {})[model.get("lang")] || ""; };
  let handle = null;
  if (model.get("base")) {
    // the school hub's service: its own page signs the pupil in (a sign-in cannot happen
    // inside this page), so the tab is a big link to it
    const link = document.createElement("a");
    link.className = "vd-tables-open";
    link.href = base + "vandatta/table?lang=" + model.get("lang");
    link.target = "_blank";
    link.rel = "noopener";
    const label = () => { link.textContent = (words.tbc_open_page || {})[model.get("lang")] || ""; };
    label();
    el.append(link);
    model.on("change:lang", () => { label(); link.href = base + "vandatta/table?lang=" + model.get("lang"); });
    return;
  }
  try {
    const response = await fetch(base + "vandatta/table-static/client.js", { method: "HEAD" });
    if (!response.ok) throw new Error(String(response.status));
    if (!document.querySelector("link[data-vandatta-tables]")) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = base + "vandatta/table-static/client.css";
      link.dataset.vandattaTables = "";
      document.head.append(link);
    }
    // a full URL: this module itself comes from a blob: URL, against which a path cannot resolve
    const client = await import(new URL(base + "vandatta/table-static/client.js", window.location.origin).href);
    const root = document.createElement("div");
    el.append(root);
    handle = client.mount(root, { base, lang: model.get("lang"), words, embedded: true, code: null, name: null });
  } catch (error) {
    console.warn("vandatta tables:", error);
    say("tbc_no_server");
    el.append(note);
  }
  model.on("change:lang", () => {
    if (handle) handle.setLang(model.get("lang")); else say("tbc_no_server");
  });
}

export default { render };
