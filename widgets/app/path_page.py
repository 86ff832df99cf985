""" "Min väg" / "My path": where a child starts. Who is playing (a picture and a name each, several
children on one device), the 11 lessons with their stars and "continue where you stopped", the
rules in a child's words, today's practice with a practice question in a fresh position, puzzles
at your level, the days practised — and a sentence saying plainly what is kept, and where.

The page reads and writes the record through the page's
:class:`~vandatta_widgets.path.session.LearnerSession` (the browser's storage). A lesson opens as an app
of the same server: a link to the lesson's notebook beside the page (``lesson_base``, in Voilà
``/voila/render/`` and the language's folder).

>>> from vandatta_widgets.path.session import LearnerSession
>>> from vandatta_widgets.path.storage import DeviceStorage
>>> session = LearnerSession(DeviceStorage(), lang="en", now=lambda: 1_780_000_000)
>>> page = PathPage(session=session, lang="en")
>>> "Fetching" in page.status.value
True
>>> session.storage.receive({"loaded": {}, "problem": None, "address": "", "zone": "UTC"})
>>> page.name_box.value = "Alva"; page.add_button.click()
>>> session.profile.name, "Hi Alva" in page.message.value
('Alva', True)
>>> "Start with lesson 1" in page.lessons.value
True
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlsplit

import ipywidgets as w

from vandatta import Game, Move
from vandatta.ai.drills import Question
from vandatta.lang import check_lang

from ..base.chips import chip_html
from ..base.i18n import counted, t, term, texts
from ..base.problem import Problem
from ..base.safe import HTML
from ..base.screen import Lang
from ..base.style import stylesheet
from ..controls.confirm import ConfirmBar
from ..controls.upload import RecordPicker
from ..learner.path import LESSONS, Path
from ..learner.profiles import PICTURES
from ..path.celebrate import celebration_html
from ..path.password import PicturePassword
from ..path.pictures import picture_name, picture_svg
from ..path.plan import lesson_address, served_lesson_base
from ..path.session import LearnerSession, current_session

__all__ = ["PathPage", "PracticeRunner"]

_FILE_LIMIT = 5_000_000  # bytes of an exported record taken (a school year is about 1 MB)


def _beside(address: str) -> str | None:
    """What goes before a lesson's ``sv/01-….ipynb`` to open it beside the page at ``address``:
    nothing where Voilà renders a folder, ``index.html?path=`` in JupyterLite's app (the static
    site: ``…/notebooks/index.html?path=dashboard.ipynb``); ``None`` elsewhere (no link).

    >>> _beside("http://h/voila/render/dashboard.ipynb"), _beside("http://h/notebooks/index.html?path=dashboard.ipynb")
    ('', 'index.html?path=')
    >>> _beside("http://h/?lang=sv") is None
    True
    """
    if not address or "/voila/render/" in address:
        return ""
    parts = urlsplit(address)
    if parts.path.endswith(("/notebooks/index.html", "/lab/index.html")) and "path=" in parts.query:
        return "index.html?path="
    return None


def _stars(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


class PracticeRunner(w.VBox):
    """Today's practice, one question at a time: a fresh position for the rule (an
    :class:`~vandatta_widgets.lessons.exercise.Exercise` on a drill of :mod:`vandatta.ai.drills`), or a
    fresh question for a rule no single move decides (:class:`~vandatta_widgets.path.question.QuestionCard`);
    the answer judged by the drill and kept. A house rule without a drill sends the child back
    to its lesson."""

    def __init__(self, session: LearnerSession, *, lang: str, seed: int | None = None) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.session = session
        self.lang = lang
        self.rng = random.Random(seed)
        self.rules: list[str] = []
        self.exercise: w.Widget | None = None
        self.text = HTML(_dom_classes=("vd-path-practice-text",))
        self.next_button = w.Button(layout=w.Layout(width="auto"), _dom_classes=("vd-path-next",))
        self.next_button.on_click(lambda _b: self.next())
        self.add_class("vd-path-practice")

    def start(self, rules: list[str]) -> None:
        self.rules = list(rules)
        self.next()

    def next(self) -> None:
        from ..lessons.exercise import NOTHING_MISSING, Exercise, Goal

        lang = self.lang
        self.next_button.description = t("pa_practice_next", lang)
        if not self.rules:
            self.text.value = f'<p class="vd-path-done">{html.escape(t("pa_practice_done", lang))}</p>'
            self.children = [self.text]
            return
        rule = self.rules.pop(0)
        from vandatta.ai.drills import Drill, has_drill, make_drill

        if not has_drill(rule):
            lesson = self._lesson_of(rule)
            key = "pa_practice_lesson" if lesson else "pa_practice_again"
            self.text.value = f"<p>{html.escape(t(key, lang, n=lesson))}</p>"
            self.children = [self.text, self.next_button]
            return
        made = make_drill(rule, self.rng)
        if not isinstance(made, Drill):  # a question about a deal, a hand, a game to 100
            self._ask(made)
            return
        drill = made
        judged = Goal(lambda a: drill.judge(a.moves[0]) == "right", NOTHING_MISSING, each_move=True)
        exercise = Exercise(
            drill.game(),
            prompt=texts(f"lr_task_{drill.task}"),
            lang=lang,
            accept=judged,
            actions=["play", "draw", "pass"],
        )
        exercise.keeps = False  # the drill keeps it, as a practice answer

        def kept(_position: Game, move: Move, _status: str) -> None:
            news = self.session.practise(drill, move)
            if news:
                exercise.feedback.value += celebration_html(news, self.lang)

        exercise.answered.append(kept)
        exercise.add_class("vd-path-drill")
        self.exercise = exercise
        self.text.value = ""
        self.children = [exercise, self.next_button]

    def _ask(self, question: Question) -> None:
        from ..path.question import QuestionCard

        def kept(asked: Question, choice: str) -> None:
            news = self.session.practise(asked, choice)
            if news:
                card.feedback.value += celebration_html(news, self.lang)

        card = QuestionCard(question, lang=self.lang, on_answer=kept)
        card.add_class("vd-path-drill")
        self.exercise = card
        self.text.value = ""
        self.children = [card, self.next_button]

    def _lesson_of(self, rule: str) -> int:
        learner = self.session.learner
        if learner is None:
            return 0
        for event in reversed(learner.events):
            if rule in event.rules and event.lesson:
                return event.lesson
        return 0


class PathPage(w.VBox):
    """The path page of the child who plays on this device (see the module docstring).
    ``lesson_base`` goes before a lesson's ``sv/01-….ipynb`` in its link; ``None``: beside the
    page when Voilà renders it from a folder (``/voila/render/…``), or where the dashboard's
    server renders them (:func:`~vandatta_widgets.path.plan.served_lesson_base`), and no links where
    nothing renders the lessons."""

    lang = Lang()

    def __init__(
        self,
        *,
        session: LearnerSession | None = None,
        lang: str = "sv",
        lesson_base: str | None = None,
        open_tab: Callable[[str], object] | None = None,
    ) -> None:
        check_lang(lang)
        super().__init__(layout=w.Layout(width="100%"), _dom_classes=("vd-path", "vd-ui"))
        self.set_trait("lang", lang)
        found = session or current_session(shown=True)
        self.session = found if found is not None else LearnerSession(lang=lang)
        self.session.lang = lang
        self.session.storage.shown = True  # its hello waits until this page is drawn
        self.lesson_base = lesson_base
        self.open_tab = open_tab
        self.errors: list[str] = []
        lay = w.Layout

        self.status = HTML(_dom_classes=("vd-path-status",))
        self.message = HTML(_dom_classes=("vd-path-message",))
        self.celebration = HTML(_dom_classes=("vd-path-celebration",))
        self.who = HTML(_dom_classes=("vd-path-who",))
        self.profile_row = w.HBox(layout=lay(flex_flow="row wrap"), _dom_classes=("vd-path-profiles",))
        self.name_box = w.Text(layout=lay(width="14em"), _dom_classes=("vd-path-name",))
        self.picture_choice = w.ToggleButtons(
            options=[(picture_name(p, lang), p) for p in PICTURES],
            value=PICTURES[0],
            _dom_classes=("vd-path-pictures",),
        )
        self.picture_choice.style.button_width = "auto"
        self.picture_shown = HTML()
        self.add_button = w.Button(
            button_style="primary", layout=lay(width="auto"), _dom_classes=("vd-path-add",)
        )
        self.new_box = w.VBox(
            [self.name_box, self.picture_shown, self.picture_choice, self.add_button],
            _dom_classes=("vd-path-new",),
        )
        self.new_title = HTML()
        self.save_button = w.Button(
            description=f"↓ {t('pa_save_file', lang)}",
            layout=lay(width="auto"),
            _dom_classes=("vd-path-save",),
        )
        self.open_file = RecordPicker(accept=".json,application/json", limit=_FILE_LIMIT)
        self.open_file.add_class("vd-path-open")
        self.delete_button = w.Button(
            description=t("pa_delete_yes", lang),
            button_style="",
            layout=lay(width="auto"),
            _dom_classes=("vd-path-delete",),
        )
        self.confirm = ConfirmBar(lang=lang)
        self.files = w.HBox(
            [self.save_button, self.open_file, self.delete_button],
            layout=lay(flex_flow="row wrap", align_items="center"),
            _dom_classes=("vd-path-files",),
        )
        self.privacy = HTML(_dom_classes=("vd-path-privacy",))
        self.lessons = HTML(_dom_classes=("vd-path-lessons",))
        self.rules = HTML(_dom_classes=("vd-path-rules",))
        self.practice_text = HTML(_dom_classes=("vd-path-practice-head",))
        self.practice_button = w.Button(
            button_style="success", layout=lay(width="auto"), _dom_classes=("vd-path-practise",)
        )
        self.runner = PracticeRunner(self.session, lang=lang)
        self.puzzles = HTML(_dom_classes=("vd-path-puzzles",))
        self.puzzle_button = w.Button(
            layout=lay(width="auto", display="none"), _dom_classes=("vd-path-to-puzzles",)
        )
        # the teacher's assignments, first; and the step that joins a class (vandatta_widgets.path.sync)
        self.tasks = HTML(_dom_classes=("vd-path-tasks",))
        self.class_text = HTML(_dom_classes=("vd-path-class-text",))
        self.class_code = w.Text(layout=lay(width="12em"), _dom_classes=("vd-path-class-code",))
        self.class_nickname = w.Text(layout=lay(width="14em"), _dom_classes=("vd-path-class-name",))
        self.class_pictures = PicturePassword(lang=lang)
        self.class_join = w.Button(
            button_style="primary", layout=lay(width="auto"), _dom_classes=("vd-path-class-join",)
        )
        self.class_again = w.Button(layout=lay(width="auto"), _dom_classes=("vd-path-class-again",))
        self.class_form = w.VBox(
            [
                self.class_code,
                self.class_nickname,
                self.class_pictures,
                w.HBox([self.class_join, self.class_again], layout=lay(flex_flow="row wrap")),
            ],
            _dom_classes=("vd-path-class-form",),
        )
        self.class_box = w.VBox([self.class_text, self.class_form], _dom_classes=("vd-path-class",))

        self.add_button.on_click(self._guard(self._on_add))
        self.delete_button.on_click(self._guard(self._on_delete))
        self.save_button.on_click(self._guard(self._on_save))
        self.practice_button.on_click(self._guard(self._on_practise))
        self.puzzle_button.on_click(self._guard(lambda _b: self.open_tab and self.open_tab("puzzles")))
        self.picture_choice.observe(lambda _c: self._render_picture(), names="value")
        self.open_file.on_file(self._guard(self._on_file))
        self.open_file.on_refused(self._guard(self._on_refused))
        self.class_join.on_click(self._guard(lambda _b: self._on_join(again=False)))
        self.class_again.on_click(self._guard(lambda _b: self._on_join(again=True)))
        self.session.classes.on_change(self._guard(self.render))
        self.session.classes.show_assignments()
        self.session.on_change(self._guard(self.render))
        self.session.on_news(self._guard(self._celebrate))
        self.observe(lambda _c: self.relabel(), names="lang")

        self.children = [
            stylesheet(),
            self.session.storage,
            self.session.classes.courier,
            self.status,
            self.message,
            self.celebration,
            self.who,
            self.profile_row,
            self.tasks,
            self.lessons,
            self.practice_text,
            self.practice_button,
            self.runner,
            self.puzzles,
            self.puzzle_button,
            self.rules,
            self.class_box,
            self.new_title,
            self.new_box,
            self.files,
            self.confirm,
            self.privacy,
        ]
        self.relabel()

    # -- words and drawing -------------------------------------------------------------------

    def _guard(self, action: Callable[..., object]) -> Callable[..., None]:
        def run(*args: object) -> None:
            try:
                action(*args)
            except Problem as problem:
                self._say("error", problem.text(self.lang))
            except Exception as error:  # shown, never lost
                import traceback

                self.errors.append(traceback.format_exc())
                self._say("error", t("error", self.lang) + " " + str(error))

        return run

    def _say(self, kind: str, text: str) -> None:
        role = "alert" if kind == "error" else "status"
        self.message.value = (
            f'<div class="vd-path-say vd-path-{kind}" role="{role}">{html.escape(text)}</div>' if text else ""
        )

    def relabel(self) -> None:
        lang = self.lang
        self.session.lang = lang
        self.runner.lang = lang
        self.confirm.relabel(lang)
        self.picture_choice.options = [(picture_name(p, lang), p) for p in PICTURES]
        self.name_box.placeholder = t("pa_name", lang)
        self.name_box.description = ""
        self.add_button.description = t("pa_add", lang)
        self.practice_button.description = t("pa_practice_go", lang)
        self.puzzle_button.description = t("pa_puzzles_go", lang)
        self.open_file.label = t("pa_open_file", lang)
        self.class_code.placeholder = t("kj_code", lang)
        self.class_nickname.placeholder = t("kj_nickname", lang)
        self.class_join.description = t("kj_join", lang)
        self.class_again.description = t("kj_sign_in", lang)
        self.class_pictures.relabel(lang)
        self._render_picture()
        self.render()

    def _render_picture(self) -> None:
        lang = self.lang
        self.picture_shown.value = (
            f'<div class="vd-path-picked">{picture_svg(self.picture_choice.value, lang, size=56)}'
            f"<span>{html.escape(t('pa_picture', lang))}</span></div>"
        )

    def render(self) -> None:
        """Draw everything from the record as it is now."""
        lang = self.lang
        session = self.session
        problem = session.problem
        if not session.ready:
            self.status.value = f'<p class="vd-path-loading">{html.escape(t("pa_loading", lang))}</p>'
        elif problem:
            self.status.value = f'<div class="vd-path-say vd-path-warning" role="alert">{html.escape(t("pa_" + problem, lang))}</div>'
        else:
            self.status.value = ""
        self._render_profiles()
        path = session.path()
        profile = session.profile
        self.new_title.value = f"<h3>{html.escape(t('pa_new', lang))}</h3>"
        if path is None or profile is None:
            self.who.value = (
                f"<h2>{html.escape(t('lr_path_title', lang))}</h2><p>{html.escape(t('pa_who', lang))}</p>"
            )
            self.lessons.value = self._lessons_html(None)
            for part in (self.rules, self.practice_text, self.puzzles):
                part.value = ""
            self.practice_button.layout.display = "none"
            self.puzzle_button.layout.display = "none"
            self.files.layout.display = "none"
            self.tasks.value = ""
            self.class_box.layout.display = "none"
            self._render_privacy(in_class=False)
            return
        self._render_class(path)
        # named before shown: a row shown for a moment with nameless buttons is read as such
        self.save_button.description = f"↓ {t('pa_save_file', lang)}"
        self.delete_button.description = t("pa_delete", lang, name=profile.name)
        self.files.layout.display = "flex"
        self.who.value = (
            f'<div class="vd-path-me">{picture_svg(profile.picture, lang, size=64)}'
            f"<div><h2>{html.escape(t('lr_path_title', lang))} · {html.escape(profile.name)}</h2>"
            f'<p class="vd-path-streak">{html.escape(path.streak_text(lang))}</p></div></div>'
        )
        self.lessons.value = self._lessons_html(path)
        self.rules.value = self._rules_html(path)
        self.practice_text.value = (
            f"<h3>{html.escape(t('lr_practice_title', lang))}</h3>"
            f'<p class="vd-path-today">{html.escape(path.practice_text(lang))}</p>'
        )
        self.practice_button.layout.display = "" if path.practice else "none"
        levels = sorted({key.split("-")[-2] for key in path.puzzles if key.count("-") >= 2})
        self.puzzles.value = (
            f"<h3>{html.escape(t('pa_puzzles', lang))}</h3>"
            f"<p>{html.escape(t('pa_puzzles_where', lang, level=', '.join(levels) or '1'))}</p>"
        )
        self.puzzle_button.layout.display = "" if self.open_tab is not None else "none"

    def _render_privacy(self, *, in_class: bool) -> None:
        """What is kept, and where: in a class, the answers go to the school's machine too."""
        kept = t("pa_privacy_class" if in_class else "pa_privacy", self.lang)
        self.privacy.value = f'<p class="vd-path-privacy-text">🔒 {html.escape(kept)}</p>'

    def _render_profiles(self) -> None:
        session = self.session
        device = session.device
        if device is None:
            self.profile_row.children = []
            return
        buttons = []
        for profile in device.profiles.values():
            chosen = profile.id == session.profile_id
            picture = HTML(picture_svg(profile.picture, self.lang, size=40))
            button = w.Button(
                description=profile.name,
                tooltip=t("pa_choose", self.lang, name=profile.name),
                button_style="info" if chosen else "",
                layout=w.Layout(width="auto"),
                _dom_classes=("vd-path-profile", "vd-chosen") if chosen else ("vd-path-profile",),
            )
            button.on_click(self._guard(lambda _b, pid=profile.id: self._choose(pid)))
            buttons.append(w.HBox([picture, button], layout=w.Layout(align_items="center")))
        self.profile_row.children = buttons

    def _lessons_html(self, path: Path | None) -> str:
        lang = self.lang
        stops = getattr(path, "lessons", None)
        go = getattr(path, "continue_at", None)
        go_to = go[0] if go else 1
        address = self.session.address
        base = self.lesson_base
        if base is None:  # the server's word, else beside the page where Voilà renders a folder
            base = served_lesson_base()
        if base is None:
            base = _beside(address)
        items = []
        for n in range(1, LESSONS + 1):
            stop = stops[n - 1] if stops else None
            stars = stop.stars if stop else 0
            href = html.escape(base + lesson_address(n, lang)) if base is not None else ""
            state = "done" if stars else ("started" if stop and stop.answered else "new")
            label = t("lr_lesson", lang, n=n)
            said = t("lr_stars", lang, n=stars)
            here = ' aria-current="step"' if n == go_to else ""
            items.append(
                f'<li class="vd-path-stop vd-path-{state}"{here}>'
                + (f'<a href="{href}" target="_top">' if href else '<div class="vd-path-box">')
                + f'<span class="vd-path-n" aria-hidden="true">{n}</span><span class="vd-path-text">'
                f'<span class="vd-path-label">{html.escape(label)}</span>'
                f'<span class="vd-path-stars" role="img" aria-label="{html.escape(said)}">{_stars(stars)}</span>'
                + ("</span></a></li>" if href else "</span></div></li>")
            )
        text = path.continue_text(lang) if path is not None else t("lr_start", lang)
        go_on = f"▶ {html.escape(text)}"
        if base is not None:
            href = html.escape(base + lesson_address(go_to, lang))
            go_on = f'<a class="vd-path-continue" href="{href}" target="_top">{go_on}</a>'
        else:
            go_on = f'<p class="vd-path-continue">{go_on}</p>'
        return (
            go_on
            + f'<h3>{html.escape(t("pa_lessons", lang))}</h3><ol class="vd-path-list">{"".join(items)}</ol>'
        )

    def _rules_html(self, path: Path) -> str:
        lang = self.lang
        tried = [r for r in path.rules if r.seen]
        head = f"<h3>{html.escape(t('pa_rules', lang))}</h3>"
        if not tried:
            return head + f"<p>{html.escape(t('pa_rules_none', lang))}</p>"
        rows = "".join(
            f'<li class="vd-path-rule vd-level-{r.level}">{chip_html(r.rule, lang)} '
            f"{html.escape(r.text(lang))}</li>"
            for r in tried
        )
        return head + f'<ul class="vd-path-rule-list">{rows}</ul>'

    # -- actions -------------------------------------------------------------------------------

    def _choose(self, profile_id: str) -> None:
        self.session.choose(profile_id)
        self._say("ok", "")
        self.runner.children = []

    def _on_add(self, _button: object = None) -> None:
        profile = self.session.add_profile(self.name_box.value, self.picture_choice.value)
        self.name_box.value = ""
        self.runner.children = []
        self._say("ok", t("pa_added", self.lang, name=profile.name))

    def _on_delete(self, _button: object = None) -> None:
        profile = self.session.profile
        if profile is None:
            return
        name, pid = profile.name, profile.id

        def delete() -> None:
            self.session.delete_profile(pid)
            self.runner.children = []
            self._say("ok", t("pa_deleted", self.lang, name=name))

        self.confirm.ask(
            lambda lang: t("pa_delete_ask", lang, name=name),
            on_yes=self._guard(delete),
            yes=lambda lang: t("pa_delete_yes", lang),
            no=lambda lang: t("pa_delete_no", lang),
        )

    def _on_save(self, _button: object = None) -> None:
        """The child's record to a file: made when asked (a year's record takes a moment)."""
        session = self.session
        profile = session.profile
        if profile is None or session.device is None:
            return
        session.storage.download(f"vandatta-{profile.name}.json", session.device.export_profile(profile.id))

    def _on_file(self, _name: str, data: memoryview) -> None:
        profile = self.session.import_file(bytes(data))
        self.runner.children = []
        self._say("ok", t("pa_imported", self.lang, name=profile.name))

    def _on_refused(self, name: str, _size: int) -> None:
        self._say("error", t("pa_file_refused", self.lang, name=name))

    def _on_practise(self, _button: object = None) -> None:
        path = self.session.path()
        if path is None:
            return
        self.runner.start([item.rule for item in path.practice])

    def _celebrate(self, news: list[str]) -> None:
        self.celebration.value = celebration_html(news, self.lang)

    # -- the class -------------------------------------------------------------------------------

    def _render_class(self, path: Path) -> None:
        """The teacher's assignments (first on the path) and the class step: the form to join,
        or the class joined and whether what is done is on its way."""
        lang = self.lang
        classes = self.session.classes
        link = classes.link()
        self._render_privacy(in_class=link is not None and not link.out)
        self.tasks.value = self._tasks_html(link.assignments if link and not link.out else [], path)
        if classes.base is None and link is None:  # no class's server here (the static site)
            self.class_box.layout.display = "none"
            return
        self.class_box.layout.display = "flex"
        said = []
        if classes.joining:
            said.append(f'<p class="vd-path-class-wait" role="status">{html.escape(t("kj_wait", lang))}</p>')
        elif classes.problem == "pa_class_hub":
            said.append(
                f'<p class="vd-path-say vd-path-warning" role="alert">{html.escape(t("pa_class_hub", lang))} '
                f'<a href="{html.escape(classes.page)}" target="_blank">{html.escape(t("pa_class_page", lang))}</a></p>'
            )
        elif classes.problem == "pa_class_refused":
            text = classes.said or t("kj_offline", lang)
            said.append(f'<p class="vd-path-say vd-path-error" role="alert">{html.escape(text)}</p>')
        elif classes.problem == "pa_class_offline":
            said.append(
                f'<p class="vd-path-say vd-path-error" role="alert">{html.escape(t("pa_class_offline", lang))}</p>'
            )
        if link is not None and not link.out:
            shown = link.name or link.code
            state = "pa_class_sent" if classes.online else "pa_class_kept"
            self.class_text.value = (
                f"<h3>{html.escape(t('pa_class_yours', lang))}</h3>"
                f'<p class="vd-path-class-in">{html.escape(t("pa_class_in", lang, code=shown, name=link.nickname))}</p>'
                f'<p class="vd-path-class-state" role="status">{html.escape(t(state, lang))}</p>'
                + "".join(said)
            )
            self.class_form.layout.display = "none"
            return
        out = ""
        if link is not None and link.out:
            out = (
                f'<p class="vd-path-say vd-path-warning vd-path-class-out" role="alert">'
                f"{html.escape(t('pa_class_out', lang, code=link.name or link.code))}</p>"
            )
        self.class_text.value = (
            f"<h3>{html.escape(t('pa_class_title', lang))}</h3>{out}"
            f"<p>{html.escape(t('pa_class_intro', lang))}</p>"
            f'<p class="vd-path-class-again-text">{html.escape(t("pa_class_again", lang, again=t("kj_sign_in", lang)))}</p>'
            + "".join(said)
        )
        self.class_form.layout.display = "flex"
        on_hub = bool(os.environ.get("JUPYTERHUB_USER"))  # the hub's sign-in instead of pictures
        self.class_pictures.layout.display = "none" if on_hub else ""
        self.class_again.layout.display = "none" if on_hub else ""
        profile = self.session.profile
        if not self.class_nickname.value and profile is not None:
            self.class_nickname.value = link.nickname if link is not None else profile.name

    def _tasks_html(self, tasks: list[dict], path: Path) -> str:
        if not tasks:
            return ""
        lang = self.lang
        items = []
        for task in tasks:
            kind = task["kind"]
            done = task["done"]
            if kind == "lessons":
                numbers = [str(n) for n in task["lessons"]]
                listed = (
                    numbers[0]
                    if len(numbers) == 1
                    else f"{', '.join(numbers[:-1])} {t('pa_and', lang)} {numbers[-1]}"
                )
                what = t("pa_task_lessons", lang, lessons=listed)
                # a lesson with a star on this device is done here, sent or not
                done = done or all(path.lessons[n - 1].stars > 0 for n in task["lessons"])
            elif kind == "puzzles":
                what = counted(
                    "pa_task_puzzles", task["count"], lang, count=task["count"], level=task["level"]
                )
            else:
                what = t("pa_task_round", lang, level=term(f"kind_short.{task['level']}", lang))
            when = datetime.fromtimestamp(task["due"], tz=self.session.tz).date()
            due = t("pa_task_due", lang, date=f"{when.day}/{when.month}")
            mark = "✔" if done else "○"
            state = t("pa_task_done" if done else "pa_task_todo", lang)
            items.append(
                f'<li class="vd-path-task vd-path-task-{"done" if done else "todo"}">'
                f'<span class="vd-path-task-mark" aria-hidden="true">{mark}</span> '
                f'<span class="vd-path-task-what">{html.escape(what)}</span> '
                f'<span class="vd-path-task-due">({html.escape(due)})</span> '
                f'<strong class="vd-path-task-state">{html.escape(state)}</strong></li>'
            )
        return (
            f'<h3>{html.escape(t("pa_tasks", lang))}</h3><ul class="vd-path-task-list">{"".join(items)}</ul>'
        )

    def _on_join(self, *, again: bool) -> None:
        code = self.class_code.value.strip()
        if not code:
            self._say("error", t("kl_no_class", self.lang))
            return
        pictures = list(self.class_pictures.chosen)
        hub = bool(os.environ.get("JUPYTERHUB_USER"))  # on a hub, the hub's sign-in is enough
        if not hub and len(pictures) != 2:
            self._say("error", t("kl_pick_pictures", self.lang, n=2))
            return
        self._say("ok", "")
        self.session.classes.join(code, self.class_nickname.value, pictures, again=again)
