"""The catalogues are kept with the code: every string the code marks is in the committed
template, every compiled .mo is what its .po compiles to now, every translation keeps its
template's placeholders, and the screens translated so far are translated whole."""

from __future__ import annotations

from pathlib import Path
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from app.core.words import language
from tools import catalogues

LANGUAGES = tuple(code for code in language.LANGUAGES if code != "en")   # (English is the code itself)
# The places whose every string is translated in every language (the rest, for now, shows
# English where a catalogue has no translation yet).
DONE = ("app/window/scenes/menu.py", "app/window/scenes/settings.py", "app/window/scenes/setup.py",
        "app/window/scenes/pause.py", "app/window/scenes/results.py", "app/window/ui/confirm.py",
        "app/window/ui/form.py",
        "app/core/words/card_words.py", "app/core/words/language.py", "app/core/words/names.py",
        "app/window/scenes/key_line.py")


def po(code: str) -> Path:
    return catalogues.LOCALE / code / "LC_MESSAGES" / "parlour.po"


def test_every_string_in_the_code_is_in_the_committed_template():
    missing = catalogues.extract_ids() - catalogues.catalogue_ids(catalogues.TEMPLATE)
    assert not missing, f"run python tools/catalogues.py all; not in parlour.pot: {sorted(map(str, missing))[:10]}"


def test_the_template_holds_nothing_the_code_no_longer_says():
    gone = catalogues.catalogue_ids(catalogues.TEMPLATE) - catalogues.extract_ids()
    assert not gone, f"run python tools/catalogues.py all; gone from the code: {sorted(map(str, gone))[:10]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_has_the_template_s_messages(code):
    assert code in catalogues.languages()
    assert catalogues.catalogue_ids(po(code)) == catalogues.catalogue_ids(catalogues.TEMPLATE)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_compiled_catalogue_is_what_its_po_compiles_to(code):
    mo = po(code).with_suffix(".mo")
    assert mo.is_file() and mo.read_bytes() == catalogues.compiled(po(code)), \
        f"{mo} is older than its .po: run python tools/catalogues.py compile"


def names(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conversion in Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_keeps_its_placeholders(code):
    with po(code).open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id or not message.string:
            continue
        wanted = names(message.id if isinstance(message.id, str) else message.id[1])
        for text in ([message.string] if isinstance(message.string, str) else message.string):
            assert not text or names(text) == wanted, (code, message.id, text)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_translated_screens_are_translated_whole(code):
    with po(code).open("rb") as handle:
        catalog = read_po(handle)
    untranslated = [message.id for message in catalog if message.id
                    and any(path in DONE for path, _line in message.locations)
                    and (not message.string or message.fuzzy
                         or (not isinstance(message.string, str) and not all(message.string)))]
    assert not untranslated, (code, untranslated)
