// The pupil's page for joining a class (widgets/server/join.py serves it). First the class code
// and the nickname; the server says whether the nickname is in the class: a child holding a
// printed sign-in card then taps their two pictures, a new name chooses two. On a hub the hub's
// sign-in is enough: no pictures at all. The device's sign-in is kept in the browser's storage
// under "vandatta:class"; nothing else is stored here.

const KEY = "vandatta:class";

function element(tag, attrs = {}, text = "") {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
        node.setAttribute(name, value);
    }
    if (text) {
        node.textContent = text;
    }
    return node;
}

function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

function kept() {
    try {
        const data = JSON.parse(window.localStorage.getItem(KEY) || "null");
        return data && typeof data.token === "string" ? data : null;
    } catch {
        return null;
    }
}

export function mount(root, config) {
    const words = config.words;
    const api = config.base + "vandatta/api/classes/";
    // what the child has typed, kept when they go back to change it
    const typed = { code: config.code.toUpperCase(), nickname: "" };

    // a request to the class's API: the answer, or an Error with the server's words
    async function post(path, body) {
        let response;
        try {
            response = await fetch(api + encodeURIComponent(typed.code.trim()) + path + "?lang=" + config.lang, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify(body),
            });
        } catch {
            throw Object.assign(new Error(words.kj_offline), { key: "offline" });
        }
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) {
            throw Object.assign(new Error(answer.text || words.kl_bad_request), { key: answer.error });
        }
        return answer;
    }

    function signedIn(answer) {
        window.localStorage.setItem(KEY, JSON.stringify({
            code: answer.code, nickname: answer.nickname, token: answer.token, acknowledged: answer.acknowledged,
        }));
        done(answer);
    }

    function top() {
        root.replaceChildren();
        const other = element("a", { href: "?lang=" + config.other, class: "vd-join-lang" }, words.kj_other_lang);
        root.append(other, element("h1", {}, words.kj_title));
    }

    function done(signed) {
        root.replaceChildren();
        root.append(element("h1", {}, words.kj_title));
        root.append(element("p", { class: "vd-join-done", role: "status" }, fill(words.kj_joined, { name: signed.nickname })));
        root.append(element("p", {}, config.hub ? words.kj_hub_remember : words.kj_remember));
        const out = element("button", { type: "button", class: "vd-join-secondary" }, words.kj_sign_out);
        out.addEventListener("click", () => {
            window.localStorage.removeItem(KEY);
            nameStep();
        });
        root.append(out);
    }

    // -- the first step: the code and the nickname ---------------------------------------------

    function nameStep(message = "", { focus = true, hint = false } = {}) {
        top();
        const form = element("form", { class: "vd-join-form", novalidate: "" });
        const code = element("input", { id: "vd-join-code", autocomplete: "off", autocapitalize: "characters", maxlength: "12" });
        code.value = typed.code;
        const name = element("input", { id: "vd-join-name", autocomplete: "off", maxlength: "20" });
        name.value = typed.nickname;
        form.append(
            element("label", { for: "vd-join-code" }, words.kj_code),
            code,
            element("label", { for: "vd-join-name" }, words.kj_nickname),
            name,
        );
        if (config.hub) {
            form.append(element("p", { class: "vd-join-note" }, words.kj_hub_note));
        }
        const next = element("button", { type: "submit", class: "vd-join-main" }, config.hub ? words.kj_join : words.kj_next);
        const said = element("p", { class: "vd-join-said", role: "alert" });
        form.append(next, said);
        root.append(form);
        said.textContent = message;
        said.classList.toggle("vd-join-hint", hint); // what to do, not something that went wrong

        form.addEventListener("submit", async (event) => {
            event.preventDefault();
            said.classList.remove("vd-join-hint");
            typed.code = code.value;
            typed.nickname = name.value;
            said.textContent = words.kj_wait;
            next.disabled = true;
            try {
                if (config.hub) {
                    signedIn(await post("/join", { nickname: typed.nickname }));
                } else {
                    const answer = await post("/name", { nickname: typed.nickname });
                    picturesStep(answer.step);
                }
            } catch (error) {
                said.textContent = error.message;
                next.disabled = false;
                (error.key === "kl_no_class" ? code : name).focus();
            }
        });
        if (focus) {
            (typed.code ? name : code).focus();
        }
    }

    // -- the second step: two pictures in order (the card's, or new ones) ---------------------

    function picturesStep(step, message = "") {
        top();
        const chosen = [];
        const nickname = typed.nickname.trim().split(/\s+/).join(" ");
        const intro = {
            pictures: fill(words.kj_your_pictures, { name: nickname }),
            reset: fill(words.kl_pictures_reset, { name: nickname }),
            new: fill(words.kj_new_name, { name: nickname }),
        }[step];
        const text = element("p", { id: "vd-join-pictures-label", class: "vd-join-step", tabindex: "-1", "data-step": step }, intro);
        root.append(text);
        const grid = element("div", { class: "vd-join-grid", role: "group", "aria-labelledby": "vd-join-pictures-label" });
        const buttons = config.pictures.map((picture) => {
            const button = element("button", { type: "button", class: "vd-join-picture", "aria-pressed": "false", "data-picture": picture.id });
            button.innerHTML = picture.svg; // drawn by the server from its own shapes, no visitor text
            const badge = element("span", { class: "vd-join-badge", "aria-hidden": "true" });
            button.append(badge, element("span", { class: "vd-join-name" }, picture.name));
            button.addEventListener("click", () => choose(picture.id));
            grid.append(button);
            return button;
        });
        root.append(grid);
        const again = element("button", { type: "button", class: "vd-join-secondary" }, words.kj_again);
        again.addEventListener("click", () => {
            chosen.length = 0;
            show();
        });
        const go = element("button", { type: "button", class: "vd-join-main" }, step === "new" ? words.kj_join : words.kj_enter);
        const back = element("button", { type: "button", class: "vd-join-secondary" }, words.kj_change_name);
        back.addEventListener("click", () => nameStep());
        const said = element("p", { class: "vd-join-said", role: "alert" });
        root.append(go, again, back, said);
        said.textContent = message;

        function choose(id) {
            if (chosen.includes(id) || chosen.length >= config.length) {
                return;
            }
            chosen.push(id);
            show();
        }

        function show() {
            for (const button of buttons) {
                const at = chosen.indexOf(button.dataset.picture);
                button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
                button.querySelector(".vd-join-badge").textContent = at < 0 ? "" : at === 0 ? words.kj_first : words.kj_second;
            }
        }

        go.addEventListener("click", async () => {
            if (chosen.length !== config.length) { // a sign-in with one picture would count as a miss
                said.textContent = fill(words.kl_pick_pictures, { n: config.length });
                return;
            }
            said.textContent = words.kj_wait;
            go.disabled = true;
            try {
                signedIn(await post(step === "pictures" ? "/signin" : "/join", { nickname: typed.nickname, pictures: chosen }));
            } catch (error) {
                go.disabled = false;
                if (error.key === "kl_pictures_reset") {
                    picturesStep("reset");
                } else if (error.key === "kl_name_taken") {
                    nameStep(error.message);
                } else {
                    said.textContent = error.message;
                    if (error.key === "kl_wrong_pictures") {
                        chosen.length = 0;
                        show();
                    }
                }
            }
        });
        show();
        text.focus();
    }

    // -- on a hub: already signed in there, so the class may know this pupil -------------------

    async function hubStart() {
        if (!typed.code) {
            nameStep();
            return;
        }
        top();
        root.append(element("p", { class: "vd-join-said", role: "status" }, words.kj_wait));
        try {
            signedIn(await post("/signin", {}));
        } catch (error) {
            nameStep(error.message, { focus: false, hint: error.key === "kl_pick_nickname" });
        }
    }

    const signed = kept();
    if (signed) {
        done(signed);
    } else if (config.hub) {
        hubStart();
    } else {
        nameStep("", { focus: false }); // a page just opened keeps its heading first
    }
}
