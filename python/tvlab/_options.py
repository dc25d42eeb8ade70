"""tvlab.options(): settings of the module, as a function or a context manager."""

from . import _tvlab


class options:
    """Set tvlab's options; as a context manager, restore the previous ones on exit.

    divergence_check (bool): compare every composition / logical_divide / logical_product result with the
    function its definition names (on by default; a DivergenceWarning where CuTe's result is not it). The
    layouts' structure decides it without evaluating indices in the common cases; large results it does
    not decide are compared at a bounded sample (no warning when that finds nothing; check_divergence()
    says "not decided"). Off: no check, no warning. The setting is process-wide.

        tvlab.options(divergence_check=False)          # from now on
        with tvlab.options(divergence_check=False):    # inside the block only
            ...
    """

    def __init__(self, divergence_check=None):
        self._saved = {"divergence_check": _tvlab._divergence_check()}
        if divergence_check is not None:
            if not isinstance(divergence_check, bool):
                raise TypeError(f"divergence_check: expected a bool, got {type(divergence_check).__name__}")
            _tvlab._set_divergence_check(divergence_check)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _tvlab._set_divergence_check(self._saved["divergence_check"])
        return False

    @staticmethod
    def current():
        """The options now in force, as a dict."""
        return {"divergence_check": _tvlab._divergence_check()}

    def __repr__(self):
        return f"tvlab.options({self.current()})"
