// The teacher's pages of a class (widgets/server/teacher.py serves them): make a class, print
// the pupils' sign-in cards, the overview ("Klassöversikt") for a laptop or a projector, one
// pupil's page, a common mistake as "Vad skulle du spela?" to the class, and assignments.
// The class's teacher secret is kept in this browser's storage ("vandatta:teacher") and sent
// in a header, never in an address; nothing about a pupil is kept here.

import { el } from "../table-static/shared.js";

const KEY = "vandatta:teacher";
const NAMES = "vandatta:teacher-names";
const LEVELS = ["mastered", "nearly", "practising", "not_started"];
const SYMBOL = { mastered: "●", nearly: "◆", practising: "▲", not_started: "·" };
const REFRESH_MS = 20000; // the class's pages fetch the latest by themselves this often, while shown

function keys() {
    try {
        const data = JSON.parse(window.localStorage.getItem(KEY) || "{}");
        return data && typeof data === "object" ? data : {};
    } catch {
        return {};
    }
}

function keep(code, secret, name) {
    const all = keys();
    all[code] = { secret, name };
    window.localStorage.setItem(KEY, JSON.stringify(all));
}

function forget(code) {
    const all = keys();
    delete all[code];
    window.localStorage.setItem(KEY, JSON.stringify(all));
}

function svgBox(markup, className) {
    // drawn by the server from the engine's cards and its own pictures: no visitor's text
    const box = el("span", { class: className });
    box.innerHTML = markup;
    return box;
}

// where a pupil joins, as short as a child can type it: no "http://", the card's short route
function joinAddress(base, code) {
    return window.location.host + base + "j/" + code;
}

function dateText(seconds, lang) {
    return new Date(seconds * 1000).toLocaleDateString(lang === "sv" ? "sv-SE" : "en-GB", { day: "numeric", month: "long" });
}

export function mount(root, config) {
    const lang = config.lang;
    const api = config.base + "vandatta/api/classes/";
    const state = {
        code: (config.code || "").toUpperCase(),
        view: "overview",
        data: null,
        cards: [],
        names: window.localStorage.getItem(NAMES) !== "off",
        projector: null,
        screen: "start", // "class" (the tabs), "pupil", "question" or "start": only "class" refreshes
        updated: null, // when the data shown was fetched
        loading: false,
        timer: null,
    };

    function w(key, values = {}) {
        let text = config.words[key] || key;
        for (const [name, value] of Object.entries(values)) {
            text = text.split("{" + name + "}").join(String(value));
        }
        return text;
    }

    function secret() {
        const found = keys()[state.code];
        return found ? found.secret : null;
    }

    async function call(path, { method = "GET", body = null } = {}) {
        const headers = { "X-Vandatta-Teacher": secret() || "" };
        if (body !== null || method !== "GET") headers["Content-Type"] = "application/json";
        let response;
        try {
            response = await fetch(api + path + (path.includes("?") ? "&" : "?") + "lang=" + lang, {
                method, headers, body: body === null ? (method === "GET" ? undefined : "{}") : JSON.stringify(body),
            });
        } catch {
            throw new Error(w("kt_offline"));
        }
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) {
            const error = new Error(answer.text || w("kl_bad_request"));
            error.key = answer.error;
            throw error;
        }
        return answer;
    }

    const said = el("p", { class: "vd-t-said", role: "alert" });
    function say(text) {
        said.textContent = text || "";
    }

    function header(title) {
        const other = el("a", { href: "?lang=" + config.other, class: "vd-t-lang", lang: config.other, text: config.other === "en" ? "In English" : "På svenska" });
        return el("header", { class: "vd-t-head" }, el("h1", { text: title }), other);
    }

    // -- no class yet, or not this browser's: make one, or open one with its teacher's key ----

    function start() {
        state.screen = "start";
        root.replaceChildren(header(w("kt_title")));
        const make = el("section", { class: "vd-t-box", "aria-labelledby": "vd-t-make-h" }, el("h2", { id: "vd-t-make-h", text: w("kt_make") }));
        const name = el("input", { id: "vd-t-name", maxlength: "40", autocomplete: "off", placeholder: "4B" });
        const makeButton = el("button", { type: "button", class: "vd-t-main", text: w("kt_make_button") });
        makeButton.addEventListener("click", async () => {
            say(w("kt_wait"));
            try {
                const made = await fetch(config.base + "vandatta/api/classes?lang=" + lang, {
                    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: name.value }),
                });
                const answer = await made.json().catch(() => ({}));
                if (!made.ok) throw new Error(answer.text || w("kl_bad_request"));
                keep(answer.code, answer.secret, answer.name);
                state.code = answer.code;
                window.history.replaceState(null, "", config.base + "vandatta/teacher/" + answer.code + "?lang=" + lang);
                made_(answer);
            } catch (error) {
                say(error.message);
            }
        });
        make.append(el("label", { for: "vd-t-name", text: w("kt_class_name") }), name, makeButton);

        const open = el("section", { class: "vd-t-box", "aria-labelledby": "vd-t-open-h" }, el("h2", { id: "vd-t-open-h", text: w("kt_open") }));
        const code = el("input", { id: "vd-t-code", maxlength: "12", autocomplete: "off", autocapitalize: "characters" });
        code.value = state.code;
        const key = el("input", { id: "vd-t-key", type: "password", autocomplete: "off" });
        const openButton = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_open_button") });
        openButton.addEventListener("click", async () => {
            state.code = code.value.replace(/[\s-]/g, "").toUpperCase();
            keep(state.code, key.value.trim(), "");
            try {
                await load();
                window.history.replaceState(null, "", config.base + "vandatta/teacher/" + state.code + "?lang=" + lang);
            } catch (error) {
                forget(state.code);
                start();
                say(error.message);
            }
        });
        open.append(el("p", { text: w("kt_open_text") }), el("label", { for: "vd-t-code", text: w("kj_code") }), code,
            el("label", { for: "vd-t-key", text: w("kt_key") }), key, openButton);
        const mine = Object.entries(keys());
        if (mine.length) {
            const list = el("ul", { class: "vd-t-mine" });
            for (const [known, info] of mine) {
                list.append(el("li", {}, el("a", { href: config.base + "vandatta/teacher/" + known + "?lang=" + lang, text: (info.name || known) + " (" + known + ")" })));
            }
            open.append(el("h3", { text: w("kt_yours") }), list);
        }
        root.append(el("main", { class: "vd-t-start" }, make, open), said);
    }

    function made_(answer) {
        state.screen = "start";
        root.replaceChildren(header(w("kt_title")));
        const box = el("section", { class: "vd-t-box vd-t-made", "aria-labelledby": "vd-t-made-h" },
            el("h2", { id: "vd-t-made-h", text: w("kt_made", { name: answer.name }) }),
            el("p", {}, w("kj_code") + ": ", el("b", { class: "vd-t-code", text: answer.code })),
            el("p", {}, w("kt_key") + ": ", el("code", { class: "vd-t-key", text: answer.secret })),
            el("p", { class: "vd-t-note", text: w("kt_key_note") }));
        const go = el("button", { type: "button", class: "vd-t-main", text: w("kt_to_overview") });
        go.addEventListener("click", () => load().catch((error) => say(error.message)));
        box.append(go);
        root.append(box, said);
        go.focus();
    }

    // -- the class ---------------------------------------------------------------------------

    function pupilName(pupil, index) {
        return state.names ? pupil.nickname : w("kt_pupil_n", { n: index + 1 });
    }

    async function load(view) {
        state.data = await call(state.code + "/view");
        state.updated = new Date();
        if (view) state.view = view;
        draw();
        schedule();
    }

    // -- the latest, by itself every REFRESH_MS while the page is seen, the teacher's place kept --

    function schedule() {
        window.clearTimeout(state.timer);
        state.timer = window.setTimeout(tick, REFRESH_MS);
    }

    async function tick() {
        if (document.visibilityState === "visible" && state.screen === "class") {
            try {
                await refresh();
            } catch (error) {
                if (error.key === "kl_not_teacher") { // the class was ended elsewhere
                    forget(state.code);
                    start();
                    say(error.message);
                    return;
                }
                if (said.textContent !== error.message) say(error.message);
            }
        }
        schedule();
    }

    document.addEventListener("visibilitychange", () => {
        // seen again after a while away: the latest at once, not up to REFRESH_MS later
        if (document.visibilityState === "visible" && state.updated && Date.now() - state.updated.getTime() >= REFRESH_MS) {
            tick();
        }
    });

    async function refresh_() { // "Hämta det senaste": now, and the next by itself REFRESH_MS later
        await refresh();
        schedule();
    }

    async function refresh() {
        if (state.loading) return;
        state.loading = true;
        try {
            const data = await call(state.code + "/view");
            state.data = data;
            state.updated = new Date();
            if (state.screen === "class") { // not while a pupil's page or a question is shown
                const place = placeNow();
                draw({ keepSaid: true });
                putBack(place);
            }
        } finally {
            state.loading = false;
        }
    }

    // what identifies a control across a redraw: its kind, id, data, name and where it is
    function mark(node) {
        const named = node.matches("button, a, label, summary") ? node.textContent.trim() : "";
        const area = node.closest("[aria-label], section, fieldset");
        const where = area ? area.getAttribute("aria-label") || area.className : "";
        return [node.tagName, node.id, JSON.stringify({ ...node.dataset }), node.getAttribute("aria-label") || "", named, where].join("|");
    }

    function placeNow() {
        const active = document.activeElement;
        const inside = active && active !== document.body && root.contains(active);
        const key = inside ? mark(active) : null;
        return {
            x: window.scrollX,
            y: window.scrollY,
            regions: [...root.querySelectorAll(".vd-t-scroll")].map((r) => [r.getAttribute("aria-label"), r.scrollLeft]),
            fields: [...root.querySelectorAll("input[id], select[id], textarea[id]")].map((f) => [f.id, f.value, f.checked]),
            open: [...root.querySelectorAll("details")].map((d) => d.open),
            focus: inside ? { tag: active.tagName, key, n: [...root.querySelectorAll(active.tagName)].filter((n) => mark(n) === key).indexOf(active) } : null,
            selection: inside && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null,
        };
    }

    function putBack(place) {
        const changed = [];
        for (const [id, value, checked] of place.fields) { // what the teacher was typing or ticking
            const field = root.querySelector("#" + CSS.escape(id));
            if (!field) continue;
            if (field.type === "checkbox" || field.type === "radio") {
                if (field.checked !== checked) {
                    field.checked = checked;
                    changed.push(field);
                }
            } else if (field.value !== value) {
                field.value = value;
            }
        }
        // told once all are back (e.g. the assignment's kind then shows its own choices)
        for (const field of changed) field.dispatchEvent(new Event("change"));
        root.querySelectorAll("details").forEach((d, i) => {
            if (i < place.open.length) d.open = place.open[i];
        });
        for (const [label, left] of place.regions) {
            const region = [...root.querySelectorAll(".vd-t-scroll")].find((r) => r.getAttribute("aria-label") === label);
            if (region) region.scrollLeft = left;
        }
        if (place.focus) {
            const same = [...root.querySelectorAll(place.focus.tag)].filter((n) => mark(n) === place.focus.key);
            const found = same[place.focus.n] || same[0];
            if (found) {
                found.focus({ preventScroll: true });
                if (place.selection && typeof found.setSelectionRange === "function") found.setSelectionRange(...place.selection);
            }
        }
        window.scrollTo(place.x, place.y);
    }

    function timeText(date) {
        return date.toLocaleTimeString(lang === "sv" ? "sv-SE" : "en-GB", { hour: "2-digit", minute: "2-digit" });
    }

    function tabs() {
        const nav = el("nav", { class: "vd-t-tabs", "aria-label": w("kt_sections") });
        for (const [view, key] of [["overview", "kt_overview"], ["cards", "kt_cards"], ["tasks", "kt_tasks"], ["privacy", "kt_class_settings"]]) {
            const button = el("button", { type: "button", "aria-pressed": String(state.view === view), dataset: { view }, text: w(key) });
            button.addEventListener("click", () => {
                state.view = view;
                draw();
                root.querySelector(".vd-t-tabs [data-view='" + view + "']").focus();
            });
            nav.append(button);
        }
        return nav;
    }

    function draw({ keepSaid = false } = {}) {
        if (state.projector) {
            state.projector.dispose();
            state.projector = null;
        }
        state.screen = "class";
        const data = state.data;
        if (!keepSaid) say("");
        root.replaceChildren(header(w("kt_overview_of", { name: data.class.name })));
        const namesBox = el("input", { type: "checkbox", id: "vd-t-names", checked: state.names });
        namesBox.addEventListener("change", () => {
            state.names = namesBox.checked;
            window.localStorage.setItem(NAMES, state.names ? "on" : "off");
            draw();
            root.querySelector("#vd-t-names").focus();
        });
        const refresh = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_refresh") });
        refresh.addEventListener("click", () => refresh_().catch((error) => say(error.message)));
        const join = joinAddress(config.base, data.class.code);
        const updated = el("p", { class: "vd-t-updated", dataset: { at: String(state.updated ? state.updated.getTime() : 0) } },
            w("kt_updated", { time: state.updated ? timeText(state.updated) : "–", n: REFRESH_MS / 1000 }));
        root.append(el("div", { class: "vd-t-bar" },
            el("p", { class: "vd-t-join" }, w("kj_code") + ": ", el("b", { class: "vd-t-code", text: data.class.code }), " · ", el("span", { class: "vd-t-address", text: join })),
            el("span", { class: "vd-t-switch" }, namesBox, el("label", { for: "vd-t-names", text: w("kt_names") })),
            refresh, updated));
        root.append(tabs(), said);
        const main = el("main", { class: "vd-t-main-area" });
        root.append(main);
        if (state.view === "overview") overview(main);
        else if (state.view === "cards") cards(main);
        else if (state.view === "tasks") tasks(main);
        else if (state.view === "privacy") settings(main);
    }

    function stars(n) {
        return el("span", { class: "vd-t-stars", "aria-hidden": "true", text: n ? "★".repeat(n) + "☆".repeat(3 - n) : "–" });
    }

    function hidden(text) {
        return el("span", { class: "vd-t-sr", text });
    }

    function pupilCell(pupil, index) {
        const link = el("button", { type: "button", class: "vd-t-pupil", text: pupilName(pupil, index), dataset: { pupil: String(pupil.id) } });
        link.addEventListener("click", () => pupilPage(pupil.id, index).catch((error) => say(error.message)));
        return el("th", { scope: "row" }, link);
    }

    function table(captionText, heads, rows, className) {
        const head = el("tr", {}, el("th", { scope: "col", text: w("kt_pupil") }));
        for (const cell of heads) head.append(cell);
        const body = el("tbody");
        for (const row of rows) body.append(row);
        return el("div", { class: "vd-t-scroll", role: "region", "aria-label": captionText, tabindex: "0" },
            el("table", { class: "vd-t-grid " + className }, el("caption", { text: captionText }), el("thead", {}, head), body));
    }

    function lessonsTable(data) {
        const heads = [];
        for (let n = 1; n <= data.lessons; n++) {
            heads.push(el("th", { scope: "col", abbr: w("lr_lesson", { n }) }, el("span", { "aria-hidden": "true", text: String(n) }), hidden(w("lr_lesson", { n }))));
        }
        const rows = data.pupils.map((pupil, index) => {
            const row = el("tr", { dataset: { pupil: String(pupil.id) } }, pupilCell(pupil, index));
            pupil.stars.forEach((n, i) => {
                row.append(el("td", { class: n ? "vd-t-done" : "vd-t-not", dataset: { lesson: String(i + 1), stars: String(n) } },
                    stars(n), hidden(n ? w("lr_stars", { n }) : w("kt_not_done"))));
            });
            return row;
        });
        return table(w("kt_lessons"), heads, rows, "vd-t-lessons");
    }

    function rulesTable(data) {
        // the rules somebody has tried get a column; the others are named in one line below
        const level = (pupil, rule) => (pupil.rules[rule.rule] || { level: "not_started" }).level;
        const tried = data.rules.filter((rule) => data.pupils.some((pupil) => level(pupil, rule) !== "not_started"));
        const untried = data.rules.filter((rule) => !tried.includes(rule));
        const box = el("div", { class: "vd-t-rules-box" });
        if (tried.length) {
            const heads = tried.map((rule) => el("th", { scope: "col" },
                el("span", { class: "vd-t-chip", text: rule.rule }), el("span", { class: "vd-t-rule-name", text: rule.name })));
            const rows = data.pupils.map((pupil, index) => {
                const row = el("tr", { dataset: { pupil: String(pupil.id) } }, pupilCell(pupil, index));
                for (const rule of tried) {
                    const found = level(pupil, rule);
                    row.append(el("td", { class: "vd-t-level vd-level-" + found, dataset: { rule: rule.rule, level: found } },
                        el("span", { class: "vd-t-symbol", "aria-hidden": "true", text: SYMBOL[found] }), hidden(w("kt_level_" + found))));
                }
                return row;
            });
            const legend = el("ul", { class: "vd-t-legend", "aria-label": w("kt_legend") });
            for (const shown of LEVELS) {
                legend.append(el("li", { class: "vd-level-" + shown }, el("span", { class: "vd-t-symbol", "aria-hidden": "true", text: SYMBOL[shown] }), " " + w("kt_level_" + shown)));
            }
            box.append(table(w("kt_rules"), heads, rows, "vd-t-rules"), legend);
        } else {
            box.append(el("h3", { text: w("kt_rules") }));
        }
        if (untried.length) {
            const names = el("p", { class: "vd-t-untried" }, w("kt_rules_untried") + " ");
            untried.forEach((rule, i) => {
                names.append(el("span", { class: "vd-t-chip", text: rule.rule }), " " + rule.name + (i < untried.length - 1 ? ", " : "."));
            });
            box.append(names);
        }
        return box;
    }

    function taskText(task) {
        if (task.kind === "lessons") return w("kt_task_lessons", { lessons: task.lessons.join(", ") });
        if (task.kind === "puzzles") return w("kt_task_puzzles", { count: task.count, level: task.level });
        const computer = config.computers.find((c) => c.id === task.level);
        return w("kt_task_round", { level: computer ? computer.the : task.level });
    }

    function tasksTable(data) {
        const heads = data.assignments.map((task) => el("th", { scope: "col" }, taskText(task), el("br"), el("small", { text: w("kt_due", { date: dateText(task.due, lang) }) })));
        const rows = data.pupils.map((pupil, index) => {
            const row = el("tr", { dataset: { pupil: String(pupil.id) } }, pupilCell(pupil, index));
            for (const task of data.assignments) {
                const done = pupil.assignments[String(task.id)];
                row.append(el("td", { class: done ? "vd-t-done" : "vd-t-not", dataset: { task: String(task.id), done: String(done) } },
                    el("span", { "aria-hidden": "true", text: done ? "✔" : "–" }), hidden(done ? w("kt_task_done") : w("kt_task_not_done"))));
            }
            return row;
        });
        return table(w("kt_tasks_who"), heads, rows, "vd-t-task-grid");
    }

    function mistakes(data) {
        const box = el("section", { class: "vd-t-mistakes", "aria-labelledby": "vd-t-mistakes-h" }, el("h2", { id: "vd-t-mistakes-h", text: w("kt_mistakes") }));
        if (!data.mistakes.length) {
            box.append(el("p", { text: w("kt_no_mistakes") }));
            return box;
        }
        const list = el("ol", { class: "vd-t-mistake-list" });
        for (const mistake of data.mistakes) {
            const item = el("li", { class: "vd-t-mistake", dataset: { rule: mistake.rule } },
                el("h3", {}, el("span", { class: "vd-t-chip", text: mistake.rule }), " " + mistake.name),
                el("p", { class: "vd-t-count", text: w("kt_mistake_count", { n: mistake.count, pupils: mistake.pupils }) }));
            const example = mistake.example;
            if (example && example.words) {
                item.append(el("div", { class: "vd-t-example" }, svgBox(example.svg, "vd-t-position"), el("p", { class: "vd-t-words", text: example.words + " " + example.chose })));
                const ask = el("button", { type: "button", class: "vd-t-main vd-t-ask", text: w("kt_ask") });
                ask.addEventListener("click", () => question(mistake));
                item.append(ask);
            }
            list.append(item);
        }
        box.append(list);
        return box;
    }

    function overview(main) {
        const data = state.data;
        if (!data.pupils.length) main.append(el("p", { class: "vd-t-empty", text: w("kt_no_pupils") }));
        main.append(el("section", { "aria-labelledby": "vd-t-progress-h" }, el("h2", { id: "vd-t-progress-h", text: w("kt_progress") }), lessonsTable(data), rulesTable(data)));
        main.append(mistakes(data));
        if (data.assignments.length) main.append(el("section", {}, tasksTable(data)));
    }

    // -- a mistake as a question to the class ----------------------------------------------------

    async function question(mistake) {
        say(w("kt_wait"));
        let found;
        const example = mistake.example;
        try {
            found = await call(state.code + "/question", { method: "POST", body: {
                position: example.position, move: example.move, outcome: example.outcome || "", rule: mistake.rule } });
        } catch (error) {
            say(error.message);
            return;
        }
        state.screen = "question";
        say("");
        root.replaceChildren(header(w("kt_ask")));
        const back = el("button", { type: "button", class: "vd-t-secondary", text: "◀ " + w("kt_back") });
        back.addEventListener("click", () => draw());
        // only what the child saw, as in the replay's classroom mode: the rule, what was chosen
        // and why come with the answer (the class on the projector must not read them first)
        const asked = found.question;
        const stage = el("section", { class: "vd-t-question", "aria-label": w("kt_ask") },
            el("div", { class: "vd-t-example vd-t-example-big" }, svgBox(asked.svg, "vd-t-position"),
                el("div", { class: "vd-t-words" }, el("p", { text: asked.words }), el("p", { class: "vd-t-unknown", text: asked.unknown }))),
            el("p", { class: "vd-t-then", text: asked.then }));
        const reveal = el("button", { type: "button", class: "vd-t-main vd-t-reveal", text: w("kt_reveal") });
        const pollRoot = el("div", { class: "vd-t-poll" });
        const answer = el("section", { class: "vd-t-answer", hidden: true, "aria-labelledby": "vd-t-answer-h" });
        // poll.js docks the class's code and address first in the ".vd-rp-side" column of the
        // ".vd-replay" around it (as in the replay's classroom mode): here, beside the position,
        // never over the answers
        const joinArea = el("div", { class: "vd-rp-side vd-t-join-area" });
        root.append(back, el("div", { class: "vd-replay vd-t-ask-area" },
            el("div", {}, stage, el("div", { class: "vd-t-row" }, reveal), answer), joinArea, pollRoot), said);
        const { mountProjector } = await import("../class-static/poll.js");
        state.projector = mountProjector(pollRoot, {
            base: config.base, lang, record: found.record, words: config.pollWords,
        });
        state.projector.ask(0, found.strong);
        reveal.addEventListener("click", () => {
            state.projector.reveal();
            showAnswer(answer, found.answer);
            reveal.hidden = true;
            answer.focus();
        });
        back.focus();
    }

    function showAnswer(box, given) {
        const rules = el("ul", { class: "vd-t-answer-rules" });
        for (const rule of given.rules) {
            rules.append(el("li", { dataset: { rule: rule.id } }, el("span", { class: "vd-t-chip", text: rule.id }), " ",
                el("span", { class: "vd-t-answer-title", text: rule.title })));
        }
        box.replaceChildren(el("h2", { id: "vd-t-answer-h", text: w("kt_answer") }), rules,
            el("p", { class: "vd-t-chosen", text: given.chose }),
            el("p", { class: "vd-t-strong", dataset: { move: given.move } }, el("b", { text: given.strong }),
                ...given.why.map((line) => " " + line)));
        box.tabIndex = -1;
        box.hidden = false;
    }

    // -- one pupil -----------------------------------------------------------------------------

    async function pupilPage(id, index) {
        const pupil = await call(state.code + "/pupils/" + id + "/view");
        state.screen = "pupil";
        say("");
        root.replaceChildren(header(pupilName(pupil, index)));
        const back = el("button", { type: "button", class: "vd-t-secondary", text: "◀ " + w("kt_back") });
        back.addEventListener("click", () => draw());
        const path = el("ol", { class: "vd-t-path" });
        pupil.stars.forEach((n, i) => {
            path.append(el("li", { class: n ? "vd-t-done" : "vd-t-not" }, el("span", { text: w("lr_lesson", { n: i + 1 }) + " " }), stars(n), hidden(n ? w("lr_stars", { n }) : w("kt_not_done"))));
        });
        const rules = el("ul", { class: "vd-t-pupil-rules" });
        for (const rule of pupil.rules) {
            rules.append(el("li", { class: "vd-level-" + rule.level, dataset: { rule: rule.rule, level: rule.level } },
                el("span", { class: "vd-t-symbol", "aria-hidden": "true", text: SYMBOL[rule.level] }), " ",
                el("span", { class: "vd-t-chip", text: rule.rule }), " " + rule.name + ": " + w("kt_level_" + rule.level)));
        }
        const recent = el("ol", { class: "vd-t-recent" });
        for (const mistake of pupil.mistakes) {
            recent.append(el("li", {}, el("span", { class: "vd-t-when", text: dateText(mistake.at, lang) + ": " }),
                ...mistake.rules.map((rule) => el("span", { class: "vd-t-chip", text: rule })), " " + (mistake.words || mistake.move)));
        }
        if (!pupil.mistakes.length) recent.append(el("li", { text: w("kt_no_mistakes_pupil") }));
        const tasksDone = el("ul", { class: "vd-t-pupil-tasks" });
        for (const task of state.data.assignments) {
            const done = pupil.assignments[String(task.id)];
            tasksDone.append(el("li", {}, el("span", { "aria-hidden": "true", text: done ? "✔ " : "– " }), taskText(task) + ": " + (done ? w("kt_task_done") : w("kt_task_not_done"))));
        }
        if (!state.data.assignments.length) tasksDone.append(el("li", { text: w("kt_no_tasks") }));
        const newCard = el("button", { type: "button", class: "vd-t-secondary vd-t-new-pictures", text: w("kt_new_pictures") });
        newCard.addEventListener("click", () => givePictures(id, pupil.nickname));
        const exports = ["json", "csv"].map((kind) => {
            const button = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_export_" + kind) });
            button.addEventListener("click", () => download(id, kind).catch((error) => say(error.message)));
            return button;
        });
        const remove = el("button", { type: "button", class: "vd-t-danger", text: w("kt_delete_pupil") });
        remove.addEventListener("click", async () => {
            if (!window.confirm(w("kt_delete_pupil_sure", { name: pupil.nickname }))) return;
            try {
                await call(state.code + "/pupils/" + id, { method: "DELETE" });
                await load("overview");
            } catch (error) {
                say(error.message);
            }
        });
        root.append(back, el("main", { class: "vd-t-pupil-page" },
            el("section", {}, el("h2", { text: w("kt_path") }), path),
            el("section", {}, el("h2", { text: w("kt_rules") }), rules),
            el("section", {}, el("h2", { text: w("kt_tasks") }), tasksDone),
            el("section", {}, el("h2", { text: w("kt_recent") }), recent),
            el("section", { class: "vd-t-row" }, newCard, ...exports, remove)), said);
        back.focus();
    }

    // new pictures drawn by the server for a new card: the pupil's devices are signed out
    async function givePictures(id, nickname) {
        if (!window.confirm(w("kt_new_pictures_sure", { name: nickname }))) return;
        try {
            const answer = await call(state.code + "/pupils/" + id, { method: "POST", body: { action: "new_pictures" } });
            state.cards = state.cards.filter((card) => card.id !== id).concat([{ id, nickname, pictures: answer.pictures }]);
            state.view = "cards";
            draw();
            say(w("kt_new_card", { name: nickname }));
        } catch (error) {
            say(error.message);
        }
    }

    async function download(id, kind) {
        const response = await fetch(api + state.code + "/pupils/" + id + "/export." + kind + "?lang=" + lang, { headers: { "X-Vandatta-Teacher": secret() || "" } });
        if (!response.ok) throw new Error(w("kl_bad_request"));
        const url = URL.createObjectURL(await response.blob());
        const link = el("a", { href: url, download: "vandatta-pupil-" + id + "." + kind });
        document.body.append(link);
        link.click();
        link.remove();
        window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    }

    // -- the sign-in cards ---------------------------------------------------------------------

    function card(found) {
        const join = joinAddress(config.base, state.data.class.code);
        const pictures = el("ol", { class: "vd-card-pictures" });
        found.pictures.forEach((id, i) => {
            const picture = config.pictures[id];
            pictures.append(el("li", {}, el("span", { class: "vd-card-n", text: w(i === 0 ? "kt_card_first" : "kt_card_then") }), svgBox(picture.svg, "vd-card-picture"), el("span", { class: "vd-card-picture-name", text: picture.name })));
        });
        // where to go first, big; one line for the child; then what to type and tap
        return el("article", { class: "vd-card", dataset: { pupil: String(found.id), pictures: found.pictures.join(" ") } },
            el("p", { class: "vd-card-go" }, el("span", { class: "vd-card-label", text: w("kt_card_go") }),
                el("b", { class: "vd-card-address" + (join.length > 32 ? " vd-card-address-long" : ""), text: join })),
            el("p", { class: "vd-card-how", text: w("kt_card_how") }),
            el("div", { class: "vd-card-body" },
                el("div", { class: "vd-card-who" },
                    el("p", { class: "vd-card-name" }, el("span", { class: "vd-card-label", text: w("kj_nickname") }), el("b", { text: found.nickname })),
                    el("p", { class: "vd-card-code" }, el("span", { class: "vd-card-label", text: w("kj_code") }), el("b", { text: state.data.class.code }))),
                pictures));
    }

    function cards(main) {
        const form = el("section", { class: "vd-t-box vd-t-no-print", "aria-labelledby": "vd-t-cards-h" }, el("h2", { id: "vd-t-cards-h", text: w("kt_cards") }));
        const names = el("textarea", { id: "vd-t-names-list", rows: "6" });
        const add = el("button", { type: "button", class: "vd-t-main", text: w("kt_make_cards") });
        add.addEventListener("click", async () => {
            const nicknames = names.value.split(/\n|,/).map((n) => n.trim()).filter(Boolean);
            if (!nicknames.length) {
                say(w("kt_names_empty"));
                return;
            }
            try {
                const answer = await call(state.code + "/pupils", { method: "POST", body: { nicknames } });
                state.cards = state.cards.concat(answer.pupils);
                await load("cards");
                say(w("kt_cards_made", { n: answer.pupils.length }));
            } catch (error) {
                say(error.message);
            }
        });
        form.append(el("p", { text: w("kt_cards_text") }), el("label", { for: "vd-t-names-list", text: w("kt_names_label") }), names, add);
        main.append(form);
        if (state.cards.length) {
            const print = el("button", { type: "button", class: "vd-t-main vd-t-print", text: w("kt_print") });
            print.addEventListener("click", () => window.print());
            main.append(el("div", { class: "vd-t-row vd-t-no-print" }, print, el("p", { text: w("kt_print_note") })));
            main.append(el("section", { class: "vd-cards", "aria-label": w("kt_card_sheet") }, ...state.cards.map(card)));
        }
        const list = el("ul", { class: "vd-t-pupil-list vd-t-no-print", "aria-label": w("kt_all_pupils") });
        state.data.pupils.forEach((pupil, index) => {
            const again = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_new_pictures"), "aria-label": w("kt_new_pictures") + ": " + pupilName(pupil, index) });
            again.addEventListener("click", () => givePictures(pupil.id, pupil.nickname));
            list.append(el("li", {}, el("span", { text: pupilName(pupil, index) + " " }), again));
        });
        if (state.data.pupils.length) main.append(el("h2", { class: "vd-t-no-print", text: w("kt_all_pupils") }), list);
    }

    // -- assignments ---------------------------------------------------------------------------

    function tasks(main) {
        const data = state.data;
        const form = el("fieldset", { class: "vd-t-box vd-t-task-form" }, el("legend", { text: w("kt_new_task") }));
        const kinds = el("div", { class: "vd-t-kinds", role: "radiogroup", "aria-label": w("kt_task_kind") });
        for (const kind of ["lessons", "puzzles", "round"]) {
            const radio = el("input", { type: "radio", name: "vd-t-kind", id: "vd-t-kind-" + kind, value: kind, checked: kind === "lessons" });
            radio.addEventListener("change", show);
            kinds.append(el("span", { class: "vd-t-switch" }, radio, el("label", { for: "vd-t-kind-" + kind, text: w("kt_kind_" + kind) })));
        }
        const lessons = el("fieldset", { class: "vd-t-lesson-boxes" }, el("legend", { text: w("kt_which_lessons") }));
        for (let n = 1; n <= config.lessons; n++) {
            lessons.append(el("span", { class: "vd-t-switch" }, el("input", { type: "checkbox", id: "vd-t-lesson-" + n, value: String(n) }), el("label", { for: "vd-t-lesson-" + n, text: w("lr_lesson", { n }) })));
        }
        const level = el("select", { id: "vd-t-puzzle-level" }, ...config.puzzleLevels.map((n) => el("option", { value: String(n), text: w("kt_level_n", { n }) })));
        const count = el("input", { id: "vd-t-puzzle-count", type: "number", min: "1", max: "50", value: "5" });
        const puzzles = el("div", { class: "vd-t-row" }, el("label", { for: "vd-t-puzzle-level", text: w("kt_puzzle_level") }), level, el("label", { for: "vd-t-puzzle-count", text: w("kt_puzzle_count") }), count);
        const computer = el("select", { id: "vd-t-computer" }, ...config.computers.map((c) => el("option", { value: c.id, text: c.name })));
        const round = el("div", { class: "vd-t-row" }, el("label", { for: "vd-t-computer", text: w("kt_computer") }), computer);
        const inWeek = new Date(Date.now() + 7 * 86400000);
        const due = el("input", { id: "vd-t-due", type: "date" });
        due.value = inWeek.getFullYear() + "-" + String(inWeek.getMonth() + 1).padStart(2, "0") + "-" + String(inWeek.getDate()).padStart(2, "0");
        const give = el("button", { type: "button", class: "vd-t-main", text: w("kt_give_task") });
        form.append(kinds, lessons, puzzles, round, el("div", { class: "vd-t-row" }, el("label", { for: "vd-t-due", text: w("kt_due_label") }), due), give);

        function kind() {
            return form.querySelector("input[name='vd-t-kind']:checked").value;
        }

        function show() {
            lessons.hidden = kind() !== "lessons";
            puzzles.hidden = kind() !== "puzzles";
            round.hidden = kind() !== "round";
        }

        give.addEventListener("click", async () => {
            const spec = { kind: kind(), due: Math.floor(new Date(due.value + "T23:59:59").getTime() / 1000) };
            if (spec.kind === "lessons") spec.lessons = [...lessons.querySelectorAll("input:checked")].map((box) => Number(box.value));
            else if (spec.kind === "puzzles") Object.assign(spec, { level: Number(level.value), count: Number(count.value) });
            else spec.level = computer.value;
            try {
                await call(state.code + "/assignments", { method: "POST", body: spec });
                await load("tasks");
                say(w("kt_task_given"));
            } catch (error) {
                say(error.message);
            }
        });
        show();
        main.append(form);
        const list = el("ul", { class: "vd-t-task-list", "aria-label": w("kt_tasks") });
        for (const task of data.assignments) {
            const done = data.pupils.filter((p) => p.assignments[String(task.id)]).length;
            const remove = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_remove_task"), "aria-label": w("kt_remove_task") + ": " + taskText(task) });
            remove.addEventListener("click", async () => {
                try {
                    await call(state.code + "/assignments/" + task.id, { method: "DELETE" });
                    await load("tasks");
                } catch (error) {
                    say(error.message);
                }
            });
            list.append(el("li", { dataset: { task: String(task.id) } }, el("b", { text: taskText(task) }), " · " + w("kt_due", { date: dateText(task.due, lang) }) + " · ",
                el("span", { class: "vd-t-done-count", text: w("kt_done_count", { n: done, m: data.pupils.length }) }), " ", remove));
        }
        if (data.assignments.length) main.append(el("h2", { text: w("kt_tasks") }), list, tasksTable(data));
        else main.append(el("p", { text: w("kt_no_tasks") }));
    }

    // -- the class itself: the teacher's key, privacy, ending the class ---------------------------

    function settings(main) {
        const key = el("details", { class: "vd-t-box" }, el("summary", { text: w("kt_show_key") }), el("p", { class: "vd-t-note", text: w("kt_key_note") }), el("code", { class: "vd-t-key", text: secret() || "" }));
        const leave = el("button", { type: "button", class: "vd-t-secondary", text: w("kt_forget") });
        leave.addEventListener("click", () => {
            forget(state.code);
            state.data = null;
            start();
        });
        const end = el("button", { type: "button", class: "vd-t-danger", text: w("kt_end_class") });
        end.addEventListener("click", async () => {
            if (!window.confirm(w("kt_end_sure", { name: state.data.class.name }))) return;
            try {
                await call(state.code, { method: "DELETE" });
                forget(state.code);
                state.data = null;
                start();
                say(w("kt_ended"));
            } catch (error) {
                say(error.message);
            }
        });
        main.append(el("section", { class: "vd-t-box" }, el("h2", { text: w("kt_privacy") }), el("p", { text: w("kt_privacy_text") })), key,
            el("div", { class: "vd-t-row" }, leave, end));
    }

    if (state.code && secret()) {
        load().catch((error) => {
            if (error.key === "kl_not_teacher") forget(state.code);
            start();
            say(error.message);
        });
    } else {
        start();
    }
}
