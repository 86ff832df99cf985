"""The UI's words, one file per language (widgets/base/words/): every language has exactly
Swedish's keys, a missing or extra key is named, and the assembled catalog ``UI`` is the files'."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from tests.helpers import word_files
from vandatta.lang import LANGS

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "widgets" / "base" / "words"


def test_every_language_has_a_file_and_swedishs_keys():
    files = word_files.language_files(WORDS)
    assert sorted(files) == sorted(LANGS)
    words = word_files.read(WORDS)
    assert len(words["sv"]) > 1000
    assert word_files.gaps(words) == {}, "keys a language lacks or has extra (relative to Swedish)"


def test_a_key_removed_from_one_file_is_named(tmp_path):
    copy = tmp_path / "words"
    shutil.copytree(WORDS, copy)
    english = copy / "en.py"
    source = english.read_text(encoding="utf-8")
    assert '    "next": "Next",\n' in source
    english.write_text(source.replace('    "next": "Next",\n', ""), encoding="utf-8")
    swedish = copy / "sv.py"
    swedish.write_text(
        swedish.read_text(encoding="utf-8").replace(
            "WORDS: dict[str, str] = {\n", 'WORDS: dict[str, str] = {\n    "only_here": "bara här",\n'
        ),
        encoding="utf-8",
    )
    assert word_files.gaps(word_files.read(copy)) == {"en": {"lacks": ["only_here", "next"], "extra": []}}


def test_a_third_language_copied_from_one_file_is_checked(tmp_path):
    copy = tmp_path / "words"
    shutil.copytree(WORDS, copy)
    shutil.copy(copy / "sv.py", copy / "de.py")
    assert set(word_files.language_files(copy)) == {"sv", "en", "de"}
    assert word_files.gaps(word_files.read(copy)) == {}


def test_the_catalog_is_the_files_words_in_their_order():
    from vandatta_widgets.base.i18n import UI

    words = word_files.read(WORDS)
    assert list(UI) == list(words["sv"])
    assert all(UI[key][lang] == words[lang][key] for key in UI for lang in LANGS)


def test_the_files_keep_the_same_keys_and_comments_in_the_same_order():
    sys.path.insert(0, str(ROOT))
    from scripts.split_words import check

    assert check(WORDS) == []


def test_no_key_is_written_twice_in_a_file():
    # a second entry would silently replace the first (two engineers adding the same words)
    for lang, path in word_files.language_files(WORDS).items():
        keys = [key for _, key, _ in word_files.texts(path)]
        assert len(keys) == len(set(keys)), f"{lang}: {sorted({k for k in keys if keys.count(k) > 1})}"
