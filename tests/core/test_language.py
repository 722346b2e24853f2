"""The language a player reads: how it is chosen (PARLOUR_LANG, Settings, the system's
locale), and the catalogues' words, card names and plural rules in each language."""

from __future__ import annotations

import pytest

from app.core.words import language
from app.core.words.card_words import card_name
from app.core.words.language import _, choose, system_language, translate, translate_plural, use
from app.core.words.render import render, spoken
from games.core.cards import Card, Suit
from games.core.words import T


@pytest.fixture
def no_forced_language(monkeypatch):
    monkeypatch.delenv("PARLOUR_LANG", raising=False)


def test_the_command_line_outranks_settings_which_outrank_the_system():
    assert choose("fr", {"PARLOUR_LANG": "de", "LANG": "es_ES.UTF-8"}) == "de"
    assert choose("fr", {"LANG": "es_ES.UTF-8"}) == "fr"
    assert choose("system", {"LANG": "es_ES.UTF-8"}) == "es"
    assert choose("system", {"LANG": "C.UTF-8"}, system="C") == "en"


def test_a_language_parlour_lacks_falls_to_the_next_choice():
    assert choose("system", {"PARLOUR_LANG": "ja", "LANGUAGE": "ja:de"}) == "de"
    assert choose("en", {"PARLOUR_LANG": "klingon"}) == "en"
    assert system_language({"LC_ALL": "pt_BR.UTF-8", "LANG": "fr_FR.UTF-8"}) is None   # LC_ALL decides
    assert system_language({"LANG": "German_Germany.1252"}) == "de"                    # Windows' way


def test_english_is_the_code_itself():
    use("en")
    assert _("Settings") == "Settings" and card_name(Card.parse("QH")) == "Queen of hearts"
    assert translate_plural("{count} card", "{count} cards", 0) == "{count} cards"


@pytest.mark.parametrize("code, queen, ten, trumps", [
    ("fr", "dame de cœur", "10 de pique", "Atout cœur"),
    ("de", "Herz-Dame", "Pik-10", "Herz ist Trumpf"),
    ("es", "reina de corazones", "10 de picas", "Corazones son triunfo"),
])
def test_cards_and_trumps_as_each_language_says_them(code, queen, ten, trumps):
    assert use(code) == code
    assert card_name(Card.parse("QH")) == queen and card_name(Card.parse("TS")) == ten
    assert render(T("{suit} are trumps", suit=Suit.HEARTS)) == trumps


def test_plural_forms_follow_each_language_rule_from_its_catalogue():
    singular, plural = "Then {count} card goes home.", "Then {count} cards go home."
    use("fr")      # French counts zero as one: "0 carte"
    assert translate_plural(singular, plural, 0) == "Puis {count} carte rejoint les fondations."
    assert translate_plural(singular, plural, 2) == "Puis {count} cartes rejoignent les fondations."
    use("de")      # German, as English: zero takes the plural
    assert translate_plural(singular, plural, 0) == "Dann kommen {count} Karten auf die Ablage."
    assert translate_plural(singular, plural, 1) == "Dann kommt {count} Karte auf die Ablage."


def test_named_values_go_where_the_translation_puts_them():
    use("de")
    assert _("Continue {game}", game="Whist") == "Whist fortsetzen"
    use("en")
    assert _("Continue {game}", game="Whist") == "Continue Whist"


def test_the_empty_template_stays_empty_not_the_catalogue_header():
    use("de")
    assert translate("") == "" and render(T("")) == ""


def test_a_line_spoken_with_cards_names_them_in_the_language():
    use("es")
    assert spoken("Trumps: 10♦ turned up") == "Trumps: 10 de diamantes turned up"


def test_a_missing_catalogue_means_english_and_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(language, "locale_dir", lambda: tmp_path)
    assert use("de") == "en" and language.current() == "en"
    assert _("Settings") == "Settings"
    assert "no catalogue for 'de'" in capsys.readouterr().err


def test_the_app_follows_settings_and_the_command_line(no_forced_language, monkeypatch):
    from app.core import storage

    settings = storage.Settings(language="fr")
    storage.save_settings(settings)
    assert use(choose(storage.load_settings().language)) == "fr" and _("Quit") == "Quitter"
    monkeypatch.setenv("PARLOUR_LANG", "es")
    assert use(choose(storage.load_settings().language)) == "es" and _("Quit") == "Salir"


def test_a_language_setting_that_is_not_one_is_refused_and_defaults(no_forced_language):
    from app.core import storage

    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text('{"version": 1, "language": "xx"}', encoding="utf-8")
    assert storage.load_settings().language == "system"
