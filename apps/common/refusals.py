"""The human message of a rules refusal, in the reader's language.

The engine is pure and speaks English: its message names the card or seat in its own words.
Readers of another language get the message of the refusal's code from the catalogues (the code
itself never changes; docs/rules.md lists them)."""

from __future__ import annotations

from django.utils.translation import get_language, gettext, gettext_noop

from apps.games.engine.errors import RulesError

RULES_MESSAGES = {
    "invalid_card": gettext_noop("That is not a card."),
    "invalid_input": gettext_noop("The move is not in a form the game understands."),
    "game_over": gettext_noop("The game is over."),
    "wrong_phase": gettext_noop("That move is not taken at this point of the game."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "invalid_choice": gettext_noop("Choose hand A or hand B."),
    "invalid_position": gettext_noop("No face-down card of the Old Deal lies there."),
    "cannot_ask": gettext_noop("You may not ask for the trump now."),
    "card_not_in_hand": gettext_noop("That card is not in your hand."),
    "must_follow_suit": gettext_noop("You must follow the suit that was led."),
    "must_play_trump": gettext_noop("You must play a trump."),
}


def rules_message(error: RulesError) -> str:
    """The engine's own message in English; the code's message in any other language."""
    if (get_language() or "en").startswith("en") or error.code not in RULES_MESSAGES:
        return error.message
    return gettext(RULES_MESSAGES[error.code])
