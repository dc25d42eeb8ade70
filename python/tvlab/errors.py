"""What tvlab raises: every bad input is one of these (never a crash of the interpreter).

All derive from TvlabError and from ValueError, so ``except ValueError`` also catches them.
"""


class TvlabError(Exception):
    """Base of tvlab's errors."""


class LayoutError(TvlabError, ValueError):
    """A CuTe function refused its arguments.

    ``function``: the CuTe function (``composition``, ``logical_divide``, ...);
    ``condition``: CuTe's name for the violated precondition, as in its static_assert
    (``"Stride Divisibility Condition"``), or None for an argument of the wrong kind or count;
    ``argument``: the 1-based index of the argument at fault, or None.
    """

    def __init__(self, message, function=None, condition=None, argument=None):
        super().__init__(message)
        self.function = function
        self.condition = condition
        self.argument = argument


class ParseError(TvlabError, ValueError):
    """Malformed CuTe notation; ``column`` is the 1-based column of the problem in ``text``."""

    def __init__(self, message, text=None, column=None):
        super().__init__(message)
        self.text = text
        self.column = column


class SpecError(TvlabError, ValueError):
    """A spec (dict, JSON, C++ configuration or CuTe print) that tvlab cannot build; ``path`` names the
    JSON key or C++ line at fault ("" for the whole spec)."""

    def __init__(self, message, path=""):
        super().__init__(message)
        self.path = path


class AtomError(TvlabError, ValueError):
    """An unknown atom name, or parameters the atom does not take."""


class InputError(TvlabError, ValueError):
    """A bad argument of banks(), search() or render(); ``where`` names the keyword argument."""

    def __init__(self, message, where=None):
        super().__init__(message)
        self.where = where


class DivergenceWarning(UserWarning):
    """CuTe's result (which tvlab returns, as CuTe does) is not the mathematical function its definition
    names, e.g. composition((3,2):(16,32), 4:2); the message holds the witness. tvlab.check_divergence()
    gives the verdict itself; tvlab.options(divergence_check=False) turns the check off."""
