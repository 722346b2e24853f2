"""Which language a player reads, and the catalogues that answer in it.

The language is, first, ``PARLOUR_LANG`` (``PARLOUR_LANG=de``: for a session, a test, the
packaged self-test); else the Settings choice ("system" leaves it to the next step); else
the system's locale; and English when none of these names a language Parlour has. The
catalogues are gettext's, compiled by Babel into ``app/locale/<lang>/LC_MESSAGES/parlour.mo``
(``tools/catalogues.py`` makes them); their plural rule comes from the catalogue's header,
which Babel writes from CLDR, so "1 carte / 2 cartes" and German's and Spanish's forms
follow each language's own rule.

Every word a player reads goes through :func:`translate` (and :func:`translate_plural`):
the rules core's ``T``/``N`` templates via ``app.core.words.render``, the app's own text
via :func:`_`. **One way for values:** a string with values is a template with named
placeholders passed to ``_`` itself, ``_("Continue {game}", game=title)``: the catalogue
holds "Continue {game}" and a translator may move ``{game}`` wherever their language puts
it ("{game} fortsetzen"). Never build a sentence from pieces (``_("Continue ") + title``)
and never format before translating (the catalogue would never match). A constant kept in a
words module is marked ``N_("...")`` where it is written (found by the extractor, left in
English) and translated where it is shown, ``_(CONSTANT)``.

A change (Settings) takes effect at once: :func:`use` swaps the catalogue every later call
reads, and screens make their words when they draw or when they are entered.

English stays exactly as written in the code: it has no catalogue, the text is its own
translation.

Not yet done: ``render`` turns the seat the table speaks to into English "you" and makes
the verb after it agree ("You have"), which only English needs. Before the rules core's
templates that name a seat are translated, that step needs each language's own forms (a
template for "you" beside the one for a name, chosen by message context), or a translated
"{seat} joue {card}" would read "You joue...". Templates that name no seat ("{suit} are
trumps") translate as they are.

>>> choose("fr", {"PARLOUR_LANG": "de"}, "en_GB"), choose("system", {}, "es_ES.UTF-8")
('de', 'es')
>>> choose("fr", {}, "de_DE"), choose("system", {}, "ja_JP"), choose("system", {}, None)
('fr', 'en', 'en')
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from pathlib import Path
from typing import Mapping

__all__ = ["LANGUAGES", "CHOICES", "choose", "system_language", "use", "current", "translate",
           "translate_plural", "_", "N_", "locale_dir", "language_name"]

DOMAIN = "parlour"
# The languages with a catalogue, each named in itself (as the Settings row shows it).
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
# What the Settings row steps through: "system" follows the computer's locale.
CHOICES = ("system", *LANGUAGES)
# Windows names a locale in English words ("German_Germany"), not by its code.
_WINDOWS_NAMES = {"english": "en", "french": "fr", "german": "de", "spanish": "es"}

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"


def locale_dir() -> Path:
    """``app/locale``: beside the package in a source tree and an installed wheel, and
    unpacked under the same relative place in the one-file executable."""
    return Path(__file__).resolve().parents[2] / "locale"


def code_of(name: str | None) -> str | None:
    """The language code a locale name means, when Parlour has that language: "de_DE.UTF-8",
    "de", "German_Germany" all give "de"; "C", "ja_JP" and None give None."""
    if not name:
        return None
    word = name.split(".")[0].split("@")[0].lower()
    code = _WINDOWS_NAMES.get(word.split("_")[0], word.replace("-", "_").split("_")[0])
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the computer asks for: gettext's own variables in its order
    (``LANGUAGE``, a colon list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else the locale
    Python started in (Windows and macOS set no variables); None when it names no language
    Parlour has."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            for name in value.split(":"):
                if code_of(name):
                    return code_of(name)
            if variable != "LANGUAGE":
                return None      # (the first variable set decides, as gettext reads them)
    try:
        return code_of(locale.getlocale()[0])
    except ValueError:
        return None


def choose(setting: str, environ: Mapping[str, str] | None = None,
           system: str | None = "") -> str:
    """The language to show: ``PARLOUR_LANG``, else ``setting`` (a code, or "system"),
    else the system's (``system`` given as a locale name for tests; "" reads the computer's)."""
    env = os.environ if environ is None else environ
    forced = code_of(env.get("PARLOUR_LANG"))
    if forced:
        return forced
    if setting in LANGUAGES:
        return setting
    found = system_language(env) if system == "" else code_of(system)
    return found or "en"


def use(code: str) -> str:
    """Make ``code``'s catalogue the one every word reads from now on; English (or a
    language whose catalogue is missing) reads the code's own text. Returns the code used."""
    global _catalogue, _code
    if code == "en" or code not in LANGUAGES:
        _catalogue, _code = gettext.NullTranslations(), "en"
        return _code
    try:
        _catalogue = gettext.translation(DOMAIN, str(locale_dir()), languages=[code])
        _code = code
    except OSError:
        print(f"parlour: no catalogue for {code!r} in {locale_dir()}; English instead", file=sys.stderr)
        _catalogue, _code = gettext.NullTranslations(), "en"
    return _code


def current() -> str:
    """The language in use now ("en" until :func:`use` chooses another)."""
    return _code


def language_name(choice: str) -> str:
    """A Settings choice as the row shows it: a language in its own name, "System" in the
    player's language."""
    return LANGUAGES.get(choice) or _("System")


def translate(template: str) -> str:
    """``template`` in the player's language (itself when the catalogue has no translation).
    The empty template stays empty: gettext keeps its catalogue's header under ""."""
    return _catalogue.gettext(template) if template else template


def translate_plural(singular: str, plural: str, count: int) -> str:
    """The template for ``count`` in the player's language, by its plural rule."""
    return _catalogue.ngettext(singular, plural, count)


def _(text: str, /, **named: object) -> str:
    """The app's own text in the player's language, its named placeholders filled:
    ``_("Continue {game}", game="Whist")``. Without values the text is returned as
    translated (braces and all)."""
    translated = translate(text)
    return translated.format(**named) if named else translated


def N_(text: str, /) -> str:
    """Marks a constant for the catalogue and returns it untouched (gettext's "noop"): the
    place that shows it translates it then, ``_(CONSTANT)``, in the language of that moment."""
    return text
