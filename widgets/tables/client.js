// The page of a table for people on different devices: make a table, join one with its code,
// then play. The server decides everything (widgets/tables/table.py): this page only shows the
// frames it is sent for its own seat and sends what the person chose. No other host is asked
// for anything.

import { counted, el, langButton, svgNode, toldNodes, typedCode, words } from "./shared.js";
import { addSoundStyle, playCue, soundSwitch } from "./sound.js";

const STRENGTHS = ["beginner", "expert", "strong", "random"];
const SUITS = ["♠", "♥", "♦", "♣"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// The hand as buttons (the server-drawn cards), the eight's declaration with big buttons, and
// lay / draw / pass: shared with the class's page (poll.js). ctx: {state (frame, selected,
// declared, varning, lappen), w (words), draw (redraw), send (a message: {type: "move", move}), say, root}.
function legalNext(ctx) {
  const { state } = ctx;
  // as the engine lists the plays: the cards that start one, or — once a card is chosen —
  // the cards that can join a play starting with it
  const plays = state.frame.plays || [];
  const first = state.selected[0];
  const next = new Set();
  for (const play of plays) {
    if (first === undefined) next.add(play[0]);
    else if (play[0] === first) for (const index of play) next.add(index);
  }
  return next;
}

function moveText(ctx) {
  const { state } = ctx;
  const frame = state.frame;
  const cards = state.selected.map((i) => frame.hand[i].card);
  let text = cards.join(" ");
  const last = frame.hand[state.selected[state.selected.length - 1]];
  if (last && last.eight && state.declared.suit) {
    text += "=" + (frame.suit_only ? "" : state.declared.rank || "") + state.declared.suit;
  }
  return text + calls(state);
}

// the calls the toggles add after the move, in the notation's order: " varning" (O9), " lappen" (V3)
function calls(state) {
  return (state.varning ? " varning" : "") + (state.lappen ? " lappen" : "");
}

export function drawHand(ctx, frame) {
  const { state, w, draw, send, say, root } = ctx;
  const box = el("section", { class: "vd-tb-hand-box", "aria-label": w("tbc_your_hand") });
  // the heading holds the focus while the others play (the cards are off then), so the next
  // Tab lands in the hand again instead of at the top of the page
  box.append(el("h2", { class: "vd-tb-hand-title" + (frame.your_turn ? " vd-tb-to-move" : ""), tabindex: "-1",
    text: (frame.your_turn ? "▶ " : "") + w("tbc_your_hand") + " · " + counted(w, "tbc_cards", frame.hand.length) }));
  const next = frame.your_turn ? legalNext(ctx) : new Set();
  const hand = el("div", { class: "vd-tb-hand", role: "group", "aria-label": w("tbc_your_hand") });
  // the hand is one stop of the Tab key: the card last touched (else the first that fits) holds
  // it, and the arrows move along the cards (Home, End: the ends)
  const first = [...next][0];
  if (!(state.cursor >= 0 && state.cursor < frame.hand.length)) state.cursor = first ?? 0;
  frame.hand.forEach((card, i) => {
    const chosen = state.selected.indexOf(i);
    const button = el("button", {
      type: "button", class: "vd-tb-card-button" + (chosen >= 0 ? " vd-tb-chosen" : "") + (next.has(i) ? " vd-tb-legal" : ""),
      "aria-pressed": chosen >= 0 ? "true" : "false", dataset: { card: card.card, name: card.name, index: String(i) },
      disabled: !frame.your_turn, tabindex: i === state.cursor ? "0" : "-1",
      onclick: () => {
        const at = state.selected.indexOf(i);
        if (at >= 0) state.selected.splice(at); else state.selected.push(i);
        state.cursor = i;
        draw();
        const again = root.querySelector(`.vd-tb-card-button[data-index="${i}"]`);
        if (again) again.focus();
      },
    }, svgNode(card.svg));
    if (chosen >= 0) button.append(el("span", { class: "vd-tb-order", text: String(chosen + 1), "aria-hidden": "true" }));
    hand.append(button);
  });
  hand.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...hand.querySelectorAll(".vd-tb-card-button")];
    const at = buttons.indexOf(document.activeElement);
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();  // the arrows move in the hand, not the page
    state.cursor = (to + buttons.length) % buttons.length;
    buttons.forEach((b, k) => { b.tabIndex = k === state.cursor ? 0 : -1; });
    buttons[state.cursor].focus();
  });
  if (!frame.hand.length) hand.append(el("p", { text: w("tbc_no_cards") }));
  box.append(hand);
  const last = frame.hand[state.selected[state.selected.length - 1]];
  if (frame.your_turn && last && last.eight) box.append(drawDeclaration(ctx, frame));
  if (frame.your_turn) {
    const lay = el("button", { class: "vd-tb-primary vd-tb-lay", type: "button", text: w("play_cards"),
      disabled: !state.selected.length, onclick: () => { if (send({ type: "move", move: moveText(ctx) })) say(null); } });
    const drawButton = el("button", { class: "vd-tb-draw", type: "button", text: w("draw"), disabled: !frame.can_draw,
      onclick: () => { send({ type: "move", move: "draw" }); } });
    const passButton = el("button", { class: "vd-tb-pass", type: "button", text: w("pass"), disabled: !frame.can_pass,
      onclick: () => { send({ type: "move", move: "pass" + calls(state) }); } });
    const clear = el("button", { class: "vd-tb-clear", type: "button", text: w("clear"), disabled: !state.selected.length,
      onclick: () => { state.selected = []; state.declared = { suit: null, rank: null }; draw(); } });
    const row = el("div", { class: "vd-tb-row vd-tb-actions" }, lay, drawButton, passButton, clear);
    if (frame.varning_rule) {
      row.append(el("button", { class: "vd-tb-varning", type: "button", text: w("tbc_varning"), "aria-pressed": state.varning ? "true" : "false",
        onclick: () => { state.varning = !state.varning; draw(); } }));
    }
    if (frame.lappen_rule) {
      row.append(el("button", { class: "vd-tb-lappen", type: "button", text: w("lappen"), "aria-pressed": state.lappen ? "true" : "false",
        onclick: () => { state.lappen = !state.lappen; draw(); } }));
    }
    box.append(row);
  }
  return box;
}

export function drawDeclaration(ctx, frame) {
  const { state, w, draw } = ctx;
  const box = el("fieldset", { class: "vd-tb-declare" }, el("legend", { text: w("tbc_eight_counts_as") }));
  const suits = el("div", { class: "vd-tb-row" });
  for (const suit of SUITS) {
    suits.append(el("button", { type: "button", class: "vd-tb-suit" + (suit === "♥" || suit === "♦" ? " vd-tb-red" : ""),
      text: suit, "aria-pressed": state.declared.suit === suit ? "true" : "false", "aria-label": w("tbc_suit_" + SUITS.indexOf(suit)),
      onclick: () => { state.declared.suit = suit; draw(); } }));
  }
  box.append(suits);
  if (!frame.suit_only) {
    const ranks = el("div", { class: "vd-tb-row vd-tb-ranks" });
    for (const rank of RANKS) {
      if (rank === "8") continue;
      ranks.append(el("button", { type: "button", class: "vd-tb-rank", text: rank,
        "aria-pressed": state.declared.rank === rank ? "true" : "false",
        onclick: () => { state.declared.rank = rank; draw(); } }));
    }
    box.append(ranks);
  }
  return box;
}

// A live region made once beside a page's root (the root is drawn anew at every frame, and a
// region made anew with each change often goes unheard): returns say(text) for screen readers.
export function liveRegion(root) {
  const region = el("div", { class: "vd-tb-live", role: "status", "aria-live": "polite", "aria-atomic": "true",
    style: "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap" });
  if (root.parentNode) root.after(region); else document.body.append(region);
  return (text) => { region.textContent = text; };
}

function tokenKey(code) { return "vandatta-seat-" + code; }

// config: {base, lang, code, name, words, embedded}; base is the server's base URL ("/" or a
// hub service's prefix). Returns {state, send, setLang} (the dashboard's tab drives setLang).
export function mount(root, config) {
  config.api = config.base + "vandatta/api/tables";
  config.page = config.base + "vandatta/table";
  const state = {
    lang: config.lang === "en" ? "en" : "sv",
    code: config.code ? String(config.code).toUpperCase() : null,
    token: null,
    frame: null,
    selected: [],
    declared: { suit: null, rank: null },
    lappen: false,
    varning: false,
    socket: null,
    retry: 0,
    message: null,
    online: true,
    openChips: new Set(),  // the rule chips opened ("log:round:ply:R4"), kept across redraws
    sent: [],  // this round's moves sent from here: {ply, move, refused} (for the child's record)
  };
  const w = words(config, state);
  root.classList.add("vd-tables");
  const announce = liveRegion(root);  // each move and whose turn, for a screen reader
  addSoundStyle();
  const ctx = { state, w, draw: () => draw(), send: (message) => send(message), say: (text) => say(text), root };

  async function api(path, body) {
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const sep = path.includes("?") ? "&" : "?";
    let response;
    try {
      response = await fetch(config.api + path + sep + "lang=" + state.lang, options);
    } catch (error) {
      throw new Error(w("tbc_offline"), { cause: error });
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.text || w("tbc_offline"));
    return data;
  }

  function say(text, kind = "error") {
    state.message = text ? { text, kind } : null;
    const box = root.querySelector(".vd-tb-message");
    if (box) fillMessage(box);
  }

  function fillMessage(box) {
    box.textContent = "";
    box.className = "vd-tb-message" + (state.message ? " vd-tb-" + state.message.kind : "");
    if (state.message) box.textContent = state.message.text;
  }

  function setLang(lang) {
    if (lang !== "sv" && lang !== "en" || lang === state.lang) return;
    state.lang = lang;
    if (!config.embedded) document.documentElement.lang = lang;
    if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify({ type: "view", lang }));
    draw();
  }

  function header() {
    const title = el("h1", { text: state.code ? w("tbc_table_code", { code: "" }).trim() : w("tbc_play_with_others") });
    if (state.code) title.append(el("span", { class: "vd-tb-code", text: state.code, "aria-label": state.code.split("").join(" ") }));
    // in the dashboard the tab's own title says "Play with others"
    const header = el("header", { class: "vd-tb-header" }, config.embedded && !state.code ? null : title);
    if (state.code) {  // back to making or joining a table (the seat is kept: the code brings it back)
      header.append(el("button", { class: "vd-tb-leave", type: "button", text: w("tbc_back"), onclick: leave }));
    }
    if (state.code) header.append(soundSwitch({ label: (on) => w(on ? "tbc_sound_on" : "tbc_sound_off") }));
    if (!config.embedded) header.append(langButton(state, setLang));  // else the dashboard's own switch
    return header;
  }

  // -- before a seat: make a table, or join one ------------------------------------------------

  function drawStart() {
    const seats = [{ kind: "person" }, { kind: "person" }, { kind: "expert" }];
    const make = el("section", { class: "vd-tb-card", "aria-labelledby": "vd-tb-make" });
    const list = el("ol", { class: "vd-tb-seats" });
    const nameInput = el("input", { id: "vd-tb-myname", maxlength: "20", autocomplete: "nickname", value: config.name || "" });
    const matchBox = el("input", { type: "checkbox", id: "vd-tb-match" });
    // the rules: one of the engine's presets, and any of the switches on top of it
    const choices = config.rules || { presets: [], switches: [] };
    const presetChoice = el("select", { id: "vd-tb-preset", class: "vd-tb-preset" });
    for (const preset of choices.presets) {
      presetChoice.append(el("option", { value: preset.rules, text: preset.text[state.lang] }));
    }
    // a switch is a check box; a house rule with values (O4, O6, O8) a choice, the source's value first
    const switchBoxes = choices.switches.map((rule) => {
      const id = "vd-tb-rule-" + rule.id;
      const label = el("label", { for: id, text: rule.title[state.lang] + " (" + rule.id + ")" });
      if (!rule.values) {
        return el("div", { class: "vd-tb-row" }, el("input", { type: "checkbox", id, dataset: { rule: rule.id.toLowerCase() } }), label);
      }
      const choice = el("select", { id, dataset: { rule: rule.id.toLowerCase() } });
      for (const option of rule.values) choice.append(el("option", { value: option.value, text: option.text[state.lang] }));
      return el("div", { class: "vd-tb-row" }, label, choice);
    });
    const rulesText = () => {
      const parts = presetChoice.value && presetChoice.value !== "standard" ? [presetChoice.value] : [];
      for (const row of switchBoxes) {
        const box = row.querySelector("input, select");
        if (box.tagName === "SELECT") { if (box.selectedIndex > 0) parts.push(box.dataset.rule + "=" + box.value); }
        else if (box.checked) parts.push(box.dataset.rule);
      }
      return parts.join(",") || "standard";
    };
    function drawSeats() {
      list.textContent = "";
      seats.forEach((seat, i) => {
        const choice = el("select", { "aria-label": w("tbc_seat_n", { n: i + 1 }), disabled: i === 0 });
        choice.append(el("option", { value: "person", text: w("tbc_kind_person") }));
        for (const s of STRENGTHS) choice.append(el("option", { value: s, text: w("tbc_kind_" + s) }));
        choice.value = seat.kind;
        choice.addEventListener("change", () => { seat.kind = choice.value; });
        const label = el("span", { text: i === 0 ? w("tbc_seat_you") : w("tbc_seat_n", { n: i + 1 }) });
        list.append(el("li", {}, label, choice));
      });
    }
    drawSeats();
    const fewer = el("button", { type: "button", text: "−", "aria-label": w("tbc_fewer"),
      onclick: () => { if (seats.length > 2) { seats.pop(); drawSeats(); } } });
    const more = el("button", { type: "button", text: "+", "aria-label": w("tbc_more"),
      onclick: () => { if (seats.length < 8) { seats.push({ kind: "person" }); drawSeats(); } } });
    const create = el("button", { class: "vd-tb-primary vd-tb-create", type: "button", text: w("tbc_create"),
      onclick: async () => {
        create.disabled = true;
        try {
          const made = await api("", {
            seats: seats.map((s) => s.kind), name: nameInput.value, seat: 0,
            match: matchBox.checked, rules: rulesText(),
          });
          remember(made.code, made.token);
          go(made.code);
        } catch (error) { say(error.message); } finally { create.disabled = false; }
      } });
    make.append(
      el("h2", { id: "vd-tb-make", text: w("tbc_make_title") }),
      el("label", { for: "vd-tb-myname", text: w("tbc_your_name") }), nameInput,
      el("p", { class: "vd-tb-hint", text: w("tbc_seats_hint") }), list,
      el("div", { class: "vd-tb-row" }, fewer, more),
      el("div", { class: "vd-tb-row" }, matchBox, el("label", { for: "vd-tb-match", text: w("tbc_match") })),
      el("label", { for: "vd-tb-preset", text: w("tbc_rules") }), presetChoice,
      el("details", { class: "vd-tb-more-rules" }, el("summary", { text: w("tbc_more_rules") }), ...switchBoxes),
      create);

    const join = el("section", { class: "vd-tb-card", "aria-labelledby": "vd-tb-join" });
    const codeInput = el("input", { id: "vd-tb-code", maxlength: "9", autocapitalize: "characters",
      autocomplete: "off", spellcheck: "false", inputmode: "text", class: "vd-tb-code-input" });
    const open = el("button", { class: "vd-tb-primary vd-tb-open", type: "button", text: w("tbc_join"),
      onclick: () => { const code = typedCode(codeInput.value); if (code) go(code); else say(w("tbc_type_code")); } });
    codeInput.addEventListener("keydown", (event) => { if (event.key === "Enter") open.click(); });
    join.append(el("h2", { id: "vd-tb-join", text: w("tbc_join_title") }),
      el("label", { for: "vd-tb-code", text: w("tbc_code_label") }), codeInput, open);
    root.append(el("div", { class: "vd-tb-start" }, join, make));
  }

  function leave() {
    if (state.socket) { state.socket.onclose = null; state.socket.close(); }
    state.socket = null; state.frame = null; state.code = null; state.message = null;
    if (!config.embedded && window.location.pathname.startsWith(config.page)) window.history.pushState({}, "", config.page + "?lang=" + state.lang);
    setOnline(true);
    draw();
  }

  function go(code) {
    state.code = code;
    const url = config.page + "/" + code + "?lang=" + state.lang;
    if (!config.embedded && window.location.pathname.startsWith(config.page)) window.history.pushState({}, "", url);
    begin();
  }

  function remember(code, token) {
    try { window.localStorage.setItem(tokenKey(code), token); } catch { /* private mode: this tab only */ }
    state.token = token;
  }

  function recall(code) {
    try { return window.localStorage.getItem(tokenKey(code)); } catch { return state.token; }
  }

  // -- a seat at a table ---------------------------------------------------------------------

  function begin() {
    state.token = recall(state.code);
    state.frame = null;
    connect();
    draw();
  }

  function connect() {
    if (state.socket) { state.socket.onclose = null; state.socket.close(); }
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + config.api + "/" + state.code + "/ws");
    state.socket = socket;
    socket.onopen = () => {
      state.retry = 0;
      setOnline(true);
      socket.send(JSON.stringify({ type: "hello", token: state.token, lang: state.lang }));
    };
    socket.onmessage = (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      if (data.type === "state") {
        const before = state.frame;
        state.frame = data;
        if (before && before.round !== data.round) state.sent = [];
        if (data.over && data.seat !== null && !(before && before.over && before.round === data.round)) keepRound(data);
        if (!before || before.ply !== data.ply || before.round !== data.round || !data.your_turn) {
          state.selected = []; state.declared = { suit: null, rank: null };
          state.lappen = false; state.varning = false;  // a call belongs to the turn it was pressed in
          state.cursor = undefined;  // a new hand: the first card that fits holds the Tab stop
        }
        if (data.type === "state" && state.message && state.message.kind === "wait") state.message = null;
        draw();
        tellMove(before, data);
      } else if (data.type === "error") {
        if (data.key === "illegal" && state.sent.length) state.sent[state.sent.length - 1].refused = true;
        if (data.key === "tb_no_table" || data.key === "tb_bad_code" || data.key === "tb_closed") {
          state.frame = null; state.socket = null; socket.onclose = null;
          try { window.localStorage.removeItem(tokenKey(state.code)); } catch { /* ignore */ }
          state.code = null;
          draw();
        }
        say(data.text);
      }
    };
    socket.onclose = () => {
      if (state.socket !== socket) return;
      setOnline(false);
      state.retry = Math.min(state.retry + 1, 6);
      window.setTimeout(() => { if (state.socket === socket && state.code) connect(); }, 300 * 2 ** state.retry);
    };
  }

  // a new position: the move made and whose turn it is, said; a card, an ace or a won round heard
  function tellMove(before, frame) {
    if (frame.ply === undefined) return;
    const moved = Boolean(before) && before.ply !== undefined && (before.ply !== frame.ply || before.round !== frame.round);
    if (before && !moved && before.title === frame.title) return;
    const last = moved && frame.log && frame.log.length ? frame.log[frame.log.length - 1] : null;
    const title = String(frame.title || "").replace(/^[▶★]\s*/, "");
    announce((last ? last.who + ": " + last.move + ". " : "") + title);
    if (!moved) return;
    const me = frame.seat !== null && frame.seats ? frame.seats[frame.seat] : null;
    if (frame.over && me && me.winner) playCue("win");
    else if (before.top !== frame.top && frame.top) playCue(String(frame.top).startsWith("A") ? "ace" : "card");
  }

  function setOnline(online) {
    state.online = online;
    const bar = root.querySelector(".vd-tb-online");
    if (bar) bar.hidden = online;
  }

  function send(message) {
    if (state.socket && state.socket.readyState === WebSocket.OPEN) {
      const frame = state.frame;
      if (message.type === "move" && frame && frame.your_turn && state.sent.length < 600) {
        state.sent.push({ ply: frame.ply, move: String(message.move) });
      }
      state.socket.send(JSON.stringify(message));
      return true;
    }
    say(w("tbc_offline"));
    return false;
  }

  function drawSeatChoice(frame) {
    const box = el("section", { class: "vd-tb-card vd-tb-choose", "aria-labelledby": "vd-tb-choose" });
    // the page is drawn anew at each frame (someone joins): what was typed stays
    const nameInput = el("input", { id: "vd-tb-name", maxlength: "20", autocomplete: "nickname", value: state.typedName ?? config.name ?? "" });
    nameInput.addEventListener("input", () => { state.typedName = nameInput.value; });
    box.append(el("h2", { id: "vd-tb-choose", text: w("tbc_choose_seat") }),
      el("label", { for: "vd-tb-name", text: w("tbc_your_name") }), nameInput);
    const list = el("div", { class: "vd-tb-row vd-tb-free" });
    frame.seats.forEach((seat, i) => {
      if (!frame.free.includes(i)) return;
      list.append(el("button", { class: "vd-tb-primary vd-tb-sit", type: "button", dataset: { seat: String(i) },
        text: w("tbc_sit_at", { whose: seat.whose }),
        onclick: async () => {
          try {
            const joined = await api("/" + state.code, { seat: i, name: nameInput.value });
            remember(state.code, joined.token);
            send({ type: "join_token", token: joined.token });
          } catch (error) { say(error.message); }
        } }));
    });
    if (!frame.free.length) list.append(el("p", { text: w("tbc_no_free_seat") }));
    box.append(list);
    return box;
  }

  function seatStrip(frame) {
    // every seat: its name, cards and state; the one to move marked with ▶ and a gold frame
    const strip = el("ul", { class: "vd-tb-strip", "aria-label": w("tbc_people") });
    frame.seats.forEach((seat, i) => {
      const facts = [];
      if (seat.kind === "computer") facts.push(w("tbc_kind_" + seat.strength));
      else if (!seat.taken) facts.push(w("tbc_free"));
      else if (seat.covered) facts.push(w("tbc_covered"));
      else if (!seat.here) facts.push(w("tbc_away"));
      if (seat.cards !== null && seat.cards !== undefined) facts.push(counted(w, "tbc_cards", seat.cards));
      if (frame.match && seat.points !== null && seat.points !== undefined) facts.push(counted(w, "tbc_points", seat.points));
      const box = el("li", { class: "vd-tb-seat" + (seat.to_move ? " vd-tb-moving" : "") + (i === frame.seat ? " vd-tb-me" : ""),
        dataset: { seat: String(i), cards: String(seat.cards ?? "") } },
        el("b", { text: (seat.to_move ? "▶ " : "") + seat.name + (i === frame.seat ? " (" + w("tbc_you") + ")" : "") }),
        el("div", { class: "vd-tb-facts", text: facts.join(" · ") }));
      if (seat.varning) box.append(el("span", { class: "vd-tb-tag vd-tb-varning-tag", text: w("tbc_varning_tag") }));
      if (seat.lappen) box.append(el("span", { class: "vd-tb-tag vd-tb-lappen-tag", text: w("tbc_lappen_tag") }));
      if (seat.winner) box.append(el("span", { class: "vd-tb-tag vd-tb-winner-tag", text: w("tbc_winner_tag") }));
      if (seat.place) box.append(el("span", { class: "vd-tb-tag vd-tb-place-tag", text: w("tbc_place_tag", { n: seat.place }) }));
      if (seat.hand_svg) box.append(el("div", { class: "vd-tb-open-hand" }, svgNode(seat.hand_svg)));
      strip.append(box);
    });
    return strip;
  }

  function drawOwner(frame) {
    const row = el("div", { class: "vd-tb-row vd-tb-owner" });
    if (frame.status === "open") row.append(el("button", { class: "vd-tb-primary vd-tb-begin", type: "button", text: w("tbc_start"), onclick: () => send({ type: "start" }) }));
    if (frame.status === "playing") row.append(el("button", { class: "vd-tb-pause", type: "button", text: w("tbc_pause"), onclick: () => send({ type: "pause" }) }));
    if (frame.status === "paused") row.append(el("button", { class: "vd-tb-primary vd-tb-resume", type: "button", text: w("tbc_resume"), onclick: () => send({ type: "resume" }) }));
    row.append(el("button", { class: "vd-tb-close", type: "button", text: w("tbc_close"), onclick: () => { if (window.confirm(w("tbc_close_sure"))) send({ type: "close" }); } }));
    return row;
  }

  // An entry's explanation: its sentences, then its rules as chips to tap. The page is drawn
  // anew at every frame: a chip the child opened stays open (state.openChips).
  function told(entry, where = "log") {
    const nodes = toldNodes(entry.text, w);
    for (const chip of nodes.slice(1)) {
      const key = where + ":" + (state.frame ? state.frame.round : "") + ":" + entry.ply + ":" + chip.querySelector("summary").textContent;
      chip.open = state.openChips.has(key);
      chip.addEventListener("toggle", () => { if (chip.open) state.openChips.add(key); else state.openChips.delete(key); });
    }
    return nodes;
  }

  function drawLog(frame) {
    const box = el("section", { class: "vd-tb-log", "aria-label": w("tbc_moves") }, el("h2", { text: w("tbc_moves") }));
    const list = el("ul", { class: "vd-tb-moves" });
    for (const entry of [...(frame.log || [])].reverse().slice(0, 12)) {  // the newest first
      list.append(el("li", { dataset: { ply: String(entry.ply) } },
        el("span", { class: "vd-tb-ply", text: entry.ply + ". " }), el("b", { text: entry.who + ": " }),
        el("span", { class: "vd-tb-move", text: entry.move }), el("div", { class: "vd-tb-why" }, ...told(entry))));
    }
    box.append(list);
    return box;
  }

  function drawTable() {
    const frame = state.frame;
    if (!frame) { root.append(el("p", { class: "vd-tb-wait", text: w("tbc_connecting") })); return; }
    const link = config.page + "/" + frame.code;
    const joinHere = el("p", { class: "vd-tb-link" }, document.createTextNode(w("tbc_others_join") + " "),
      el("b", { class: "vd-tb-address", text: window.location.origin + link }));
    const rules = el("p", { class: "vd-tb-rules", text: frame.rules_text });
    root.append(el("p", { class: "vd-tb-title", role: "status", "aria-live": "polite", dataset: { status: frame.status, ply: String(frame.ply ?? "") }, text: frame.title }));
    if (frame.seat === null) {
      if (frame.status !== "closed") root.append(drawSeatChoice(frame));
      root.append(seatStrip(frame), rules, joinHere);
      return;
    }
    if (frame.ply === undefined) {  // not started yet: how the others join comes first
      root.append(joinHere, rules);
      if (frame.owner) root.append(drawOwner(frame));
      root.append(seatStrip(frame));
      return;
    }
    root.append(seatStrip(frame));
    const middle = el("div", { class: "vd-tb-middle" });
    if (frame.pile_svg) {
      middle.append(el("div", { class: "vd-tb-pile", dataset: { top: frame.top, declared: frame.declared, talon: String(frame.talon) } },
        svgNode(frame.pile_svg), frame.must_draw ? el("div", { class: "vd-tb-note" }, ...toldNodes(frame.must_draw, w)) : null));
    }
    if (frame.log && frame.log.length) {
      const last = frame.log[frame.log.length - 1];
      middle.append(el("div", { class: "vd-tb-news", "aria-live": "polite" }, el("b", { text: last.who + ": " + last.move }), el("div", {}, ...told(last, "news"))));
    }
    root.append(middle);
    if (frame.result) root.append(el("p", { class: "vd-tb-result" }, ...toldNodes(frame.result, w)));
    if (frame.over && frame.status === "playing" && !frame.match_over) {
      root.append(el("button", { class: "vd-tb-primary vd-tb-next", type: "button", text: w("tbc_next_round"), onclick: () => send({ type: "next_round" }) }));
    }
    if (frame.over) {
      root.append(el("button", { class: "vd-tb-save", type: "button", text: w("tbc_save_record"), onclick: saveRecord }));
    }
    if (frame.hand !== undefined) root.append(drawHand(ctx, frame));
    // on a phone the game comes first; how others join and the maker's controls after it
    if (frame.owner) root.append(drawOwner(frame));
    root.append(joinHere, rules);
    if (frame.log) root.append(drawLog(frame));
  }

  // The round is over: what this device played, with the round's record from the server, is
  // left on the device for the child's record (the app's next page reads it with the engine:
  // widgets/path/rounds.py). Nothing leaves the device; a page of the app open here hears it.
  async function keepRound(frame) {
    const sent = state.sent;
    state.sent = [];
    if (!sent.length || !state.token) return;
    try {
      const response = await fetch(config.api + "/" + frame.code + "/record?lang=" + state.lang + "&token=" + encodeURIComponent(state.token));
      if (!response.ok) return;
      const record = await response.text();  // as sent: JSON.parse would round its big seed
      const key = "vandatta-ui:table:" + frame.code + ":" + frame.round;
      const note = { format: "vandatta-table-round", version: 1, code: frame.code, round: frame.round,
        at: Math.floor(Date.now() / 1000), sent, record };
      window.localStorage.setItem(key, JSON.stringify(note));
      window.dispatchEvent(new StorageEvent("storage", { key, newValue: null, storageArea: window.localStorage }));
    } catch { /* no storage (private mode) or no answer: the round is not kept */ }
  }

  async function saveRecord() {
    try {
      const response = await fetch(config.api + "/" + state.code + "/record?lang=" + state.lang + "&token=" + encodeURIComponent(state.token || ""));
      if (!response.ok) throw new Error((await response.json()).text);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = el("a", { href: url, download: "vandatta-" + state.code + ".json" });
      document.body.append(a); a.click(); a.remove();
      URL.revokeObjectURL(url);
    } catch (error) { say(error.message || w("tbc_offline")); }
  }

  // What had the focus before a redraw, so that the same control (or card) has it after.
  function focusMark() {
    const node = document.activeElement;
    if (!node || node === root || !root.contains(node)) return null;
    if (node.matches(".vd-tb-card-button")) return { index: node.dataset.index };
    return { id: node.id, tag: node.tagName, cls: node.className, text: node.textContent, label: node.getAttribute("aria-label") };
  }

  function refocus(mark) {
    if (!mark) return;
    let again;
    if (mark.index !== undefined) {
      again = root.querySelector(`.vd-tb-card-button[data-index="${mark.index}"]`);
    } else if (mark.id) {
      again = document.getElementById(mark.id);
    } else {
      const classes = String(mark.cls || "").split(" ").filter(Boolean).map((c) => "." + CSS.escape(c)).join("");
      const same = [...root.querySelectorAll(mark.tag.toLowerCase() + classes)];
      again = same.find((n) => n.textContent === mark.text && n.getAttribute("aria-label") === mark.label)
        || same.find((n) => n.getAttribute("aria-label") === mark.label && mark.label !== null) || same[0] || null;
    }
    if (again && !again.disabled) {
      again.focus();
      if (again.tagName === "INPUT" && again.type !== "checkbox") again.setSelectionRange(again.value.length, again.value.length);
      return;
    }
    // gone (the move was made) or off (not this person's turn): the hand's heading keeps the place
    const title = root.querySelector(".vd-tb-hand-title");
    if (title) title.focus({ preventScroll: true });
  }

  function draw() {
    const focused = focusMark();
    root.textContent = "";
    root.append(header());
    root.append(el("p", { class: "vd-tb-online", role: "alert", hidden: state.online, text: w("tbc_reconnecting") }));
    const box = el("p", { class: "vd-tb-message", role: "status", "aria-live": "assertive" });
    fillMessage(box);
    root.append(box);
    if (state.code) drawTable(); else drawStart();
    // where the page is, for tools and tests: start, choose (a seat), turn, wait, over
    const frame = state.frame;
    root.dataset.state = !state.code ? "start" : !frame ? "connecting" : frame.seat === null ? "choose"
      : frame.over ? "over" : frame.your_turn ? "turn" : "wait";
    root.dataset.ply = frame && frame.ply !== undefined ? String(frame.ply) : "";
    root.dataset.round = frame && frame.round !== undefined ? String(frame.round) : "";
    refocus(focused);
  }

  if (!config.embedded) window.addEventListener("popstate", () => {
    const match = window.location.pathname.match(/\/vandatta\/table\/([^/]+)$/);
    state.code = match ? match[1].toUpperCase() : null;
    if (state.code) begin(); else { if (state.socket) { state.socket.onclose = null; state.socket.close(); } state.socket = null; draw(); }
  });
  if (state.code) begin(); else draw();
  return { state, send, setLang };
}
