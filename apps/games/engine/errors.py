"""The one error type of the engine: a rules refusal with a RULES.md code."""

CODES = (
    "invalid_card",
    "invalid_input",
    "wrong_phase",
    "not_your_turn",
    "card_not_in_hand",
    "must_follow_suit",
    "must_play_trump",
    "invalid_choice",
    "invalid_position",
    "cannot_ask",
    "game_over",
)


class RulesError(Exception):
    """A refused move or unusable input. ``code`` is one of :data:`CODES`.

    ``index`` is set by :meth:`GameState.replay` to the position of the refused action.
    """

    index: int | None = None

    def __init__(self, code: str, message: str):
        assert code in CODES, code
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """``{"code": ..., "message": ...}``, the shape the API and the replay command print.

        >>> RulesError("game_over", "the round is finished").as_dict()
        {'code': 'game_over', 'message': 'the round is finished'}
        """
        return {"code": self.code, "message": self.message}
