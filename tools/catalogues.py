"""Parlour's translation catalogues, with Babel: find every string a player reads, keep each
language's .po up to date with them, and compile the .mo files the app loads.

    python tools/catalogues.py extract      # app/locale/parlour.pot from the code
    python tools/catalogues.py update       # every app/locale/<lang>/LC_MESSAGES/parlour.po
    python tools/catalogues.py compile      # every parlour.po -> parlour.mo beside it
    python tools/catalogues.py init it      # a new language (then translate its .po)
    python tools/catalogues.py all          # extract, update, compile (after changing text)
    python tools/catalogues.py check        # how much of each language is translated

What is a string: the rules core's templates ``T("...")`` and ``N("...", "...")`` (a
singular and a plural), the app's ``_("...")`` and its marked constants ``N_("...")``
(``app/core/words/language.py``). Only literal strings are found, which is why a template
carries named placeholders rather than being formatted first. The catalogues name the file
each string comes from but not its line, so an edit elsewhere in a file leaves them alone.

The same functions serve tests/core/test_catalogues.py, which fails when the code has a string
the committed .pot lacks, or a committed .mo is not what its .po compiles to.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "app" / "locale"
TEMPLATE = LOCALE / "parlour.pot"
MAPPING = ROOT / "babel.cfg"
# Babel's keyword specs: T's first argument; N's first two (singular, plural); _ and N_.
KEYWORDS = {"T": None, "N": (1, 2), "_": None, "N_": None}
SOURCES = ("games", "app")


def extract_ids() -> set[str | tuple[str, str]]:
    """Every message in the code as the catalogue keys it: the text, or (singular, plural)."""
    found: set[str | tuple[str, str]] = set()
    for folder in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("TRANSLATORS:",)):
            found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def catalogue_ids(path: Path) -> set[str | tuple[str, str]]:
    """The messages a .pot or .po holds, keyed as :func:`extract_ids` keys them."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {message.id if isinstance(message.id, str) else (message.id[0], message.id[1])
            for message in catalog if message.id}


def languages() -> list[str]:
    """The languages that have a catalogue."""
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/parlour.po"))


def compiled(po: Path) -> bytes:
    """The .mo that ``po`` compiles to (fuzzy entries left out, as ``pybabel compile`` does)."""
    with po.open("rb") as handle:
        catalog: Catalog = read_po(handle)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _pybabel(*args: str) -> None:
    """Babel's command line, run from the repository's root so the catalogue's comments name
    files by their path in the repository (the same on every machine)."""
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def extract() -> None:
    keywords = [arg for name, spec in KEYWORDS.items()
                for arg in ("-k", name + (":" + ",".join(map(str, spec)) if spec else ""))]
    _pybabel("extract", "-F", str(MAPPING), "--no-default-keywords", *keywords,
             "--add-comments=TRANSLATORS:", "--add-location=file", "--sort-by-file", "--project=Parlour",
             "--copyright-holder=Parlour's authors", "-o", str(TEMPLATE.relative_to(ROOT)),
             *SOURCES)


def update() -> None:
    for code in languages():
        _pybabel("update", "-D", "parlour", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", code,
                 "--no-fuzzy-matching")


def compile_all() -> None:
    for code in languages():
        po = LOCALE / code / "LC_MESSAGES" / "parlour.po"
        po.with_suffix(".mo").write_bytes(compiled(po))


def init(code: str) -> None:
    _pybabel("init", "-D", "parlour", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", code)


def check() -> None:
    for code in languages():
        with (LOCALE / code / "LC_MESSAGES" / "parlour.po").open("rb") as handle:
            catalog = read_po(handle)
        messages = [m for m in catalog if m.id]
        done = sum(1 for m in messages if (all(m.string) if isinstance(m.string, (list, tuple)) else m.string)
                   and not m.fuzzy)
        print(f"{code}: {done} of {len(messages)} translated")


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all, "check": check}
    if argv[:1] == ["init"] and len(argv) == 2:
        init(argv[1])
        return 0
    if argv[:1] == ["all"]:
        for step in (extract, update, compile_all, check):
            step()
        return 0
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
