"""The one error the rating engine raises."""


class RatingError(ValueError):
    """A game, a config or a state the engine refuses, with the reason in the message."""
