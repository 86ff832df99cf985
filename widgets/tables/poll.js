// The class answering from their own devices (widgets/tables/poll.py decides everything):
// - mountPupil: a pupil's page (/vandatta/class/CODE): waiting, then the mover's hand and the
//   pile, picked exactly as in a table's page (client.js's hand and eight's declaration), then
//   the engine's verdict on reveal;
// - mountProjector: the teacher's view (in the replay's classroom mode, poll_tab.js): the code
//   and link large, how many have answered (never what), the chart on reveal, the summary.
// No other host is asked for anything.

import { drawHand, liveRegion } from "../table-static/client.js";
import { readAloudButton } from "../table-static/speech.js";
import { el, langButton, ruleChip, svgNode, toldNodes, typedCode, uncited, words } from "../table-static/shared.js";

function socketUrl(config, code) {
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  return scheme + window.location.host + config.base + "vandatta/api/class/" + code + "/ws";
}

function tokenKey(code) { return "vandatta-class-" + code; }

// The engine's lines as said aloud or to a screen reader: the sentences, not the rule ids.
function said(lines) { return (lines || []).map((line) => uncited(line).text).join(" "); }

// -- a pupil's page ----------------------------------------------------------------------------

export function mountPupil(root, config) {
  const state = {
    lang: config.lang === "en" ? "en" : "sv",
    code: config.code ? typedCode(config.code) : null,
    token: null, frame: null, socket: null, retry: 0, message: null, online: true,
  };
  // what the shared hand reads and changes: the question's hand (as a table's frame) and the choice
  const hand = { frame: null, selected: [], declared: { suit: null, rank: null }, lappen: false, varning: false };
  const w = words(config, state);
  root.classList.add("vd-tables", "vd-class");
  // told to a screen reader when the page changes state (a new question, the answer, a pause)
  const announce = liveRegion(root);
  let told = "";

  function tell(frame) {
    let text = "";
    if (frame.state === "question") text = w("clc_question_n", { n: frame.number }) + ". " + w("clc_question") + " " + w("clc_who", { player: frame.question.player });
    else if (frame.state === "revealed") text = w("clc_question_n", { n: frame.number }) + ". " + said(frame.lines);
    else if (frame.state === "paused") text = w("clc_paused");
    else if (frame.state === "waiting") text = w("clc_waiting");
    const key = frame.state + ":" + frame.number;
    if (text && key !== told) { told = key; announce(text); }
  }

  function say(text, kind = "error") {
    state.message = text ? { text, kind } : null;
    const box = root.querySelector(".vd-tb-message");
    if (box) { box.textContent = text || ""; box.className = "vd-tb-message" + (text ? " vd-tb-" + kind : ""); }
  }

  function send(message) {
    if (state.socket && state.socket.readyState === WebSocket.OPEN) {
      state.socket.send(JSON.stringify(message));
      return true;
    }
    say(w("clc_offline"));
    return false;
  }

  // the shared hand sends {type: "move", move}: here a move is an answer
  const ctx = { state: hand, w, draw: () => draw(), say: (text) => say(text), root,
    send: (message) => message && message.type === "move" ? send({ type: "answer", move: message.move }) : send(message) };

  function setLang(lang) {
    if (lang !== "sv" && lang !== "en" || lang === state.lang) return;
    state.lang = lang;
    document.documentElement.lang = lang;
    send({ type: "view", lang });
    draw();
  }

  function recall(code) {
    try { return window.localStorage.getItem(tokenKey(code)); } catch { return state.token; }
  }

  function remember(code, token) {
    state.token = token;
    try { window.localStorage.setItem(tokenKey(code), token); } catch { /* private mode: this tab only */ }
  }

  function go(code) {
    state.code = code;
    const url = config.base + "vandatta/class/" + code + "?lang=" + state.lang;
    if (window.location.pathname.startsWith(config.base + "vandatta/class")) window.history.replaceState({}, "", url);
    state.token = recall(code);
    connect();
    draw();
  }

  function connect() {
    if (state.socket) { state.socket.onclose = null; state.socket.close(); }
    const socket = new WebSocket(socketUrl(config, state.code));
    state.socket = socket;
    socket.onopen = () => {
      state.retry = 0; state.online = true;
      socket.send(JSON.stringify({ type: "hello", token: state.token, lang: state.lang }));
      draw();
    };
    socket.onmessage = (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      if (data.type === "welcome") remember(state.code, data.token);
      else if (data.type === "pupil") {
        const before = state.frame;
        const ply = (f) => f && f.question ? f.question.ply : null;
        if (!before || before.state !== data.state || ply(before) !== ply(data) || before.answer !== data.answer) {
          hand.selected = []; hand.declared = { suit: null, rank: null }; hand.lappen = false; hand.varning = false;
        }
        state.frame = data;
        if (state.message && before && before.answer !== data.answer) state.message = null;
        draw();
        tell(data);
      } else if (data.type === "error") {
        if (["cl_no_class", "cl_bad_code", "cl_slow_down"].includes(data.key)) {
          socket.onclose = null; state.socket = null; state.frame = null;
          try { window.localStorage.removeItem(tokenKey(state.code)); } catch { /* ignore */ }
          state.code = null;
          state.message = { text: data.text, kind: "error" };
          draw();
          return;
        }
        say(data.text);
      }
    };
    socket.onclose = () => {
      if (state.socket !== socket) return;
      state.online = false;
      const bar = root.querySelector(".vd-tb-online");
      if (bar) bar.hidden = false;
      state.retry = Math.min(state.retry + 1, 6);
      window.setTimeout(() => { if (state.socket === socket && state.code) connect(); }, 300 * 2 ** state.retry);
    };
  }

  function drawStart() {
    const input = el("input", { id: "vd-cl-code", maxlength: "9", autocapitalize: "characters", autocomplete: "off",
      spellcheck: "false", class: "vd-tb-code-input" });
    const join = el("button", { class: "vd-tb-primary vd-cl-join", type: "button", text: w("clc_join"),
      onclick: () => { const code = typedCode(input.value); if (code) { say(null); go(code); } else say(w("clc_type_code")); } });
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") join.click(); });
    root.append(el("section", { class: "vd-tb-card" }, el("label", { for: "vd-cl-code", text: w("clc_code_label") }), input, join));
  }

  function drawName(frame) {
    const input = el("input", { id: "vd-cl-name", maxlength: "20", autocomplete: "nickname", value: frame.name || "" });
    const save = el("button", { class: "vd-cl-save-name", type: "button", text: w("clc_save_name"),
      onclick: () => send({ type: "name", name: input.value }) });
    return el("div", { class: "vd-tb-row vd-cl-name" }, el("label", { for: "vd-cl-name", text: w("clc_your_name") }), input, save);
  }

  // "Läs upp": the browser's own voice reads what the page says (hidden where it has none)
  function readAloud(text) {
    return readAloudButton({ text: () => text, lang: () => state.lang, label: () => w("clc_read_aloud") });
  }

  function drawQuestion(frame) {
    const q = frame.question;
    const who = w("clc_question_n", { n: frame.number }) + " · " + w("clc_who", { player: q.player });
    root.append(el("h2", { class: "vd-cl-ask", text: w("clc_question") }), el("p", { class: "vd-cl-who", text: who }),
      readAloud(w("clc_question") + " " + who));
    root.append(el("div", { class: "vd-tb-middle" }, el("div", { class: "vd-tb-pile", dataset: { top: q.top } },
      svgNode(q.pile_svg), q.must_draw ? el("div", { class: "vd-tb-note" }, ...toldNodes(q.must_draw, w)) : null)));
    // the hand exactly as at a table, the pupil's turn for as long as the question is open
    hand.frame = Object.assign({}, q, { your_turn: true });
    root.append(drawHand(ctx, hand.frame));
    root.append(el("p", { class: "vd-cl-mine", role: "status", dataset: { answer: frame.answer || "" },
      text: frame.answer ? w("clc_your_answer", { move: frame.answer_words }) + " " + w("clc_change") : w("clc_no_answer_yet") }));
  }

  function drawVerdict(frame) {
    const kind = frame.legal === true ? "ok" : frame.legal === false ? "bad" : "none";
    const box = el("section", { class: "vd-cl-verdict vd-cl-" + kind, role: "status", dataset: { legal: String(frame.legal) } });
    // the engine's sentences without "(R4)": each rule a chip to tap after its sentence
    for (const line of frame.lines || []) box.append(el("p", {}, ...toldNodes(line, w)));
    root.append(el("h2", { text: w("clc_question_n", { n: frame.number }) }), box, readAloud(said(frame.lines)));
  }

  function draw() {
    root.textContent = "";
    const title = el("h1", { text: w("clc_title") });
    if (state.code) title.append(el("span", { class: "vd-tb-code", text: state.code }));
    root.append(el("header", { class: "vd-tb-header" }, title, langButton(state, setLang)));
    root.append(el("p", { class: "vd-tb-online", role: "alert", hidden: state.online, text: w("clc_reconnecting") }));
    const box = el("p", { class: "vd-tb-message" + (state.message ? " vd-tb-" + state.message.kind : ""), role: "status", "aria-live": "assertive" });
    if (state.message) box.textContent = state.message.text;
    root.append(box);
    const frame = state.frame;
    let where = "start";
    if (!state.code) drawStart();
    else if (!frame) { where = "connecting"; root.append(el("p", { class: "vd-tb-wait", text: w("clc_connecting") })); }
    else {
      where = frame.state;
      if (frame.names && frame.state !== "closed") root.append(drawName(frame));
      if (frame.state === "waiting") root.append(el("p", { class: "vd-cl-waiting", text: w("clc_waiting") }));
      else if (frame.state === "paused") root.append(el("p", { class: "vd-cl-waiting vd-cl-paused", text: w("clc_paused") }));
      else if (frame.state === "closed") root.append(el("p", { class: "vd-cl-waiting", text: w("clc_closed") }));
      else if (frame.state === "question") drawQuestion(frame);
      else if (frame.state === "revealed") drawVerdict(frame);
    }
    root.dataset.state = where;  // for tools and tests: start, connecting, waiting, paused, question, revealed, closed
    root.dataset.answer = frame && frame.answer ? frame.answer : "";
  }

  if (state.code) go(state.code); else draw();
  return { state, send, setLang };
}

// -- the projector ---------------------------------------------------------------------------

// config: {base, lang, words, record, onFrame}. Returns {ask(ply, strong), reveal(), setLang, state}.
export function mountProjector(root, config) {
  const state = { lang: config.lang === "en" ? "en" : "sv", code: config.code || null, token: config.token || null, frame: null,
    socket: null, retry: 0, message: null, pending: [], online: true };
  const w = words(config, state);
  root.classList.add("vd-tables", "vd-class", "vd-cl-projector");
  // the code and the address in the window's corner whatever is scrolled: a box of the page's
  // body (inside the notebook's panels "fixed" would be fixed to a panel), shown while the view is
  const corner = el("div", { class: "vd-tables vd-cl-projector vd-cl-corner" });
  document.body.append(corner);
  // In the replay (the projector's page) the box has a place of its own: first in the column
  // beside the table, sticky to the window's top — in sight whatever is scrolled, over none of
  // the replay (fixed to the window's corner it covered the list of moves at 1024×768).
  // The column is as tall as the replay then (poll.css: .vd-cl-hosting), the list of moves under
  // the controls. A narrow window (one column) keeps the box fixed in its corner.
  const wide = typeof window.matchMedia === "function" ? window.matchMedia("(min-width: 900px)") : null;
  const placeCorner = () => {
    const shown = Boolean(root.isConnected && root.getClientRects().length && state.frame);
    const replay = root.isConnected ? root.closest(".vd-replay") : null;
    const side = replay && (!wide || wide.matches) ? replay.querySelector(".vd-rp-side") : null;
    if (side && corner.parentNode !== side) side.prepend(corner);
    else if (!side && corner.parentNode !== document.body) document.body.append(corner);
    corner.classList.toggle("vd-cl-docked", Boolean(side));
    root.classList.toggle("vd-cl-room", !side);
    for (const other of document.querySelectorAll(".vd-replay.vd-cl-hosting")) if (other !== replay) other.classList.remove("vd-cl-hosting");
    if (replay) replay.classList.toggle("vd-cl-hosting", Boolean(side) && shown);
    corner.style.display = shown ? "" : "none";
  };
  if (wide && typeof wide.addEventListener === "function") wide.addEventListener("change", () => placeCorner());
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(placeCorner) : null;
  if (watch) watch.observe(root);

  function send(message) {
    if (state.socket && state.socket.readyState === WebSocket.OPEN && state.frame) {
      state.socket.send(JSON.stringify(message));
    } else {
      state.pending.push(message);  // sent once the class is open
    }
  }

  async function open() {
    try {
      const response = await fetch(config.base + "vandatta/api/class?lang=" + state.lang, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record: config.record }) });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.text || w("clc_offline"));
      state.code = data.code; state.token = data.token;
      if (config.onOpen) config.onOpen(data.code, data.token);
      connect();
    } catch (error) {
      state.message = error.message || w("clc_offline");
      draw();
    }
  }

  function connect() {
    const socket = new WebSocket(socketUrl(config, state.code));
    state.socket = socket;
    socket.onopen = () => {
      state.retry = 0; state.online = true;
      socket.send(JSON.stringify({ type: "hello", token: state.token, lang: state.lang }));
    };
    socket.onmessage = (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      if (data.type === "teacher") {
        const first = !state.frame;
        state.frame = data;
        state.message = null;
        if (first || state.pending.length) {
          const pending = state.pending; state.pending = [];
          for (const message of pending) socket.send(JSON.stringify(message));
        }
        if (config.onFrame) config.onFrame(data);
        draw();
      } else if (data.type === "error") {
        state.message = data.text;
        draw();
      }
    };
    socket.onclose = () => {
      if (state.socket !== socket) return;
      state.online = false;
      draw();
      state.retry = Math.min(state.retry + 1, 6);
      window.setTimeout(() => { if (state.socket === socket) connect(); }, 300 * 2 ** state.retry);
    };
  }

  function link() { return window.location.origin + config.base + "vandatta/class/" + state.code; }

  function chart(frame) {
    const rows = frame.tally || [];
    const box = el("section", { class: "vd-cl-chart", "aria-label": w("clc_answers") }, el("h2", { text: w("clc_answers") }));
    const most = Math.max(1, ...rows.map((r) => r.count));
    if (!frame.answered) box.append(el("p", { text: w("clc_nobody") }));
    const list = el("ol", { class: "vd-cl-bars" });
    for (const row of rows) {
      const tags = el("span", { class: "vd-cl-tags" },
        el("span", { class: "vd-tb-tag " + (row.legal ? "vd-cl-legal" : "vd-cl-illegal"), text: row.legal ? "✔ " + w("clc_legal") : "✘ " + w("clc_illegal") }),
        row.played ? el("span", { class: "vd-tb-tag vd-cl-played", text: "★ " + w("clc_played") }) : null,
        row.strong ? el("span", { class: "vd-tb-tag vd-cl-strong", text: "◆ " + w("clc_strong") }) : null);
      const bar = el("div", { class: "vd-cl-bar" + (row.legal ? " vd-cl-bar-legal" : " vd-cl-bar-illegal"),
        style: "width:" + Math.round((100 * row.count) / most) + "%" });
      list.append(el("li", { class: "vd-cl-row", dataset: { move: row.move, count: String(row.count), legal: String(row.legal),
        played: String(row.played), strong: String(row.strong) } },
        el("div", { class: "vd-cl-row-head" }, el("b", { class: "vd-cl-move", text: row.words }), el("span", { class: "vd-cl-count", text: String(row.count) }), tags),
        el("div", { class: "vd-cl-track" }, bar),
        // the engine's sentences, then their rules as chips to tap (never "(R4)" in a sentence)
        el("div", { class: "vd-tb-why", dataset: { rules: (row.rules || []).join(" ") } }, row.why, ...(row.rules || []).map((rule) => ruleChip(rule, w))),
        row.names && row.names.length ? el("div", { class: "vd-cl-names", text: row.names.join(", ") }) : null));
    }
    box.append(list);
    return box;
  }

  function summary(frame) {
    const rows = frame.summary || [];
    const box = el("section", { class: "vd-cl-summary", "aria-label": w("clc_summary") }, el("h2", { text: w("clc_summary") }));
    const list = el("ol", { class: "vd-cl-sum" });
    for (const row of rows) {
      const pct = (x) => Math.round(100 * x) + " %";
      list.append(el("li", { dataset: { question: String(row.question), legal: String(row.legal), played: String(row.played_share) } },
        el("b", { text: w("clc_question_n", { n: row.question }) + " (" + row.answers + ")" }),
        el("div", { class: "vd-cl-track" }, el("div", { class: "vd-cl-bar vd-cl-bar-legal", style: "width:" + pct(row.legal).replace(" ", "") })),
        el("span", { text: pct(row.legal) + " " + w("clc_share_legal") }),
        // (a question about a classmate's mistake: nobody played the round's move)
        row.played_share === null ? null : el("div", { class: "vd-cl-track" }, el("div", { class: "vd-cl-bar vd-cl-bar-played", style: "width:" + pct(row.played_share).replace(" ", "") })),
        row.played_share === null ? null : el("span", { text: pct(row.played_share) + " " + w("clc_share_played") })));
    }
    box.append(list);
    box.append(el("button", { class: "vd-cl-csv", type: "button", text: w("clc_csv"), disabled: !rows.length, onclick: () => {
      const blob = new Blob([frame.csv || ""], { type: "text/csv;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const a = el("a", { href: url, download: "vandatta-klass-" + state.code + ".csv" });
      document.body.append(a); a.click(); a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    } }));
    return box;
  }

  function draw() {
    root.textContent = "";
    const frame = state.frame;
    if (state.message) root.append(el("p", { class: "vd-tb-message vd-tb-error", role: "alert", text: state.message }));
    if (!state.online) root.append(el("p", { class: "vd-tb-online", role: "alert", text: w("clc_reconnecting") }));
    if (!frame) { root.append(el("p", { class: "vd-tb-wait", text: w("clc_connecting") })); root.dataset.state = "connecting"; return; }
    corner.textContent = "";
    corner.append(el("div", { class: "vd-cl-join-box", role: "region", "aria-label": w("clc_title") },
      el("div", { class: "vd-cl-big-code", "aria-label": w("clc_code") + " " + frame.code.split("").join(" ") },
        el("span", { class: "vd-cl-small", text: w("clc_code") }), el("span", { class: "vd-cl-code", text: frame.code })),
      el("div", { class: "vd-cl-link" }, el("span", { class: "vd-cl-small", text: w("clc_join_here") }), el("b", { class: "vd-cl-address", text: link() }))));
    placeCorner();
    const m = Math.max(frame.here, frame.answered);
    root.append(el("p", { class: "vd-cl-counts", role: "status", "aria-live": "polite", dataset: { answered: String(frame.answered), here: String(frame.here) } },
      el("span", { class: "vd-cl-answered", text: frame.ply === null ? w("clc_here", { n: frame.here }) : w("clc_answered", { n: frame.answered, m }) })));
    if (frame.paused) root.append(el("p", { class: "vd-cl-paused-note", role: "status", text: w("clc_paused_teacher") }));
    const names = el("input", { type: "checkbox", id: "vd-cl-names", checked: frame.names });
    names.addEventListener("change", () => send({ type: "names", on: names.checked }));
    // the teacher's switch: whether the pupils' devices lift the cards that fit
    const marks = el("input", { type: "checkbox", id: "vd-cl-marks", checked: frame.marks !== false });
    marks.addEventListener("change", () => send({ type: "marks", on: marks.checked }));
    root.append(el("div", { class: "vd-tb-row vd-cl-controls" },
      el("span", { class: "vd-cl-switch" }, names, el("label", { for: "vd-cl-names", text: w("clc_names") })),
      el("span", { class: "vd-cl-switch" }, marks, el("label", { for: "vd-cl-marks", text: w("clc_marks") }))));
    if (frame.revealed) root.append(chart(frame));
    if ((frame.summary || []).length) root.append(summary(frame));
    root.dataset.state = frame.paused ? "paused" : frame.revealed ? "revealed" : frame.ply === null ? "waiting" : "question";
    root.dataset.answered = String(frame.answered);
    root.dataset.code = frame.code;
  }

  function setLang(lang) {
    if (lang !== "sv" && lang !== "en" || lang === state.lang) return;
    state.lang = lang;
    if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify({ type: "view", lang }));
    draw();
  }

  draw();
  if (state.code && state.token) connect(); else open();  // a class already open: its projector again
  return {
    state, setLang,
    ask: (ply, strong) => send({ type: "ask", ply, strong: strong || null }),
    reveal: () => send({ type: "reveal" }),
    pause: (on) => send({ type: "pause", on: Boolean(on) }),
    close: () => send({ type: "close" }),
    dispose: () => {
      if (watch) watch.disconnect();
      corner.remove();
      for (const replay of document.querySelectorAll(".vd-replay.vd-cl-hosting")) replay.classList.remove("vd-cl-hosting");
    },
  };
}
