// The pupil's page for joining a class (widgets/server/join.py serves it): the class code, a
// nickname, two of nine pictures in order. The device's sign-in is kept in the browser's
// storage under "vandatta:class"; nothing else is stored here.

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
    const chosen = [];

    function done(signed) {
        root.replaceChildren();
        root.append(element("h1", {}, words.kj_title));
        root.append(element("p", { class: "vd-join-done", role: "status" }, fill(words.kj_joined, { name: signed.nickname })));
        root.append(element("p", {}, words.kj_remember));
        const out = element("button", { type: "button", class: "vd-join-secondary" }, words.kj_sign_out);
        out.addEventListener("click", () => {
            window.localStorage.removeItem(KEY);
            form();
        });
        root.append(out);
    }

    function form() {
        chosen.length = 0;
        root.replaceChildren();
        const other = element("a", { href: "?lang=" + config.other, class: "vd-join-lang" }, words.kj_other_lang);
        root.append(other, element("h1", {}, words.kj_title));
        const code = element("input", { id: "vd-join-code", autocomplete: "off", autocapitalize: "characters", maxlength: "12" });
        code.value = config.code;
        const name = element("input", { id: "vd-join-name", autocomplete: "off", maxlength: "20" });
        root.append(
            element("label", { for: "vd-join-code" }, words.kj_code),
            code,
            element("label", { for: "vd-join-name" }, words.kj_nickname),
            name,
        );
        root.append(element("p", { id: "vd-join-pictures-label" }, words.kj_pictures));
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
        const join = element("button", { type: "button", class: "vd-join-main" }, words.kj_join);
        const signIn = element("button", { type: "button", class: "vd-join-secondary" }, words.kj_sign_in);
        const said = element("p", { class: "vd-join-said", role: "alert" });
        root.append(again, join, signIn, said);

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

        async function send(path) {
            said.textContent = words.kj_wait;
            join.disabled = signIn.disabled = true;
            try {
                const response = await fetch(api + encodeURIComponent(code.value.trim()) + path + "?lang=" + config.lang, {
                    method: "POST",
                    headers: { "Content-Type": "application/json" },
                    body: JSON.stringify({ nickname: name.value, pictures: chosen }),
                });
                const answer = await response.json();
                if (!response.ok) {
                    said.textContent = answer.text || words.kl_bad_request;
                    if (answer.error === "kl_wrong_pictures") {
                        chosen.length = 0;
                        show();
                    }
                    return;
                }
                window.localStorage.setItem(KEY, JSON.stringify({
                    code: answer.code, nickname: answer.nickname, token: answer.token, acknowledged: answer.acknowledged,
                }));
                done(answer);
            } catch {
                said.textContent = words.kj_offline;
            } finally {
                join.disabled = signIn.disabled = false;
            }
        }

        join.addEventListener("click", () => send("/join"));
        signIn.addEventListener("click", () => send("/signin"));
        show();
    }

    const signed = kept();
    if (signed) {
        done(signed);
    } else {
        form();
    }
}
