"""The Python examples of README.md and docs/python.md run as written (doctest), from the source tree."""
import doctest
import os
import re

import pytest


def blocks(path):
    text = open(path, encoding="utf-8").read()
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]


@pytest.mark.parametrize("doc", ["README.md", "docs/python.md"])
def test_examples_run_as_written(root, doc, monkeypatch):
    monkeypatch.chdir(root)
    found = blocks(os.path.join(root, doc))
    assert found, f"{doc} has no >>> examples"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for i, b in enumerate(found):
        test = parser.get_doctest(b, {}, f"{doc} block {i + 1}", doc, 0)
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 3 and failed == 0


def test_module_docstring_examples():
    import tvlab
    failed, attempted = doctest.testmod(tvlab, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert attempted >= 3 and failed == 0
