"""What the engines' notation has in common: squeezing text, one-word actions, errors.

Notation ignores case and spaces: ``squeeze`` makes ``"  No Offer "`` into
``"nooffer"`` before a parser looks at it. An action with no fields that is written
as a fixed word (``stand``, ``no offer``) is a frozen attrs subclass of ``Word``.
``illegal`` makes the error for an illegal action, naming the legal ones when few.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from dicerules.errors import IllegalActionError, InvalidActionError

__all__ = ["Word", "illegal", "squeeze"]


def squeeze(text: object) -> str:
    """``text`` lowercased with every space taken out; InvalidActionError if not a str."""
    if not isinstance(text, str):
        raise InvalidActionError(f"notation must be a str, not {type(text).__name__}")
    return "".join(text.split()).lower()


class Word:
    """The base of an action with no fields, written as a fixed word.

    A subclass is an ``@attrs.frozen`` class that sets ``word``, its notation
    (``"no offer"``); ``called``, how an error names it when the word alone reads
    badly (``"a roll"``); and ``synonyms``, other words its parser takes, squeezed.
    ``Cls.parse(text)`` gives ``Cls()`` for the word in any case and spacing, and
    ``str`` gives the word back.
    """

    __slots__ = ()

    word: ClassVar[str]
    called: ClassVar[str | None] = None
    synonyms: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def parse(cls, text: str) -> Self:
        """The action if ``text`` is its word (or a synonym); InvalidActionError if not."""
        squeezed = squeeze(text)
        if squeezed != squeeze(cls.word) and squeezed not in cls.synonyms:
            raise InvalidActionError(f"{text!r} is not {cls.called or cls.word}")
        return cls()

    def __str__(self) -> str:
        return self.word


def illegal(message: str, legal: Sequence[object], few: int) -> IllegalActionError:
    """IllegalActionError(message), with the ``legal`` actions after it if at most ``few``.

    ``illegal("4x3 does not raise 4x5: ...", legal, 6)`` says
    ``4x3 does not raise 4x5: ... (legal here: 5x1, 5x2, challenge)`` when those three
    are all that is legal.
    """
    if len(legal) <= few:
        message += f" (legal here: {', '.join(map(str, legal))})"
    return IllegalActionError(message)
