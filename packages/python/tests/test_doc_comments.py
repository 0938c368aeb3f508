"""Every public class and function of the package has a docstring with an example, and pdoc reads
the package without a warning: the checks of `scripts/reference.py`, which writes the Python API
reference of the documentation site (`pnpm docs:build`) and fails on the same warnings."""

from __future__ import annotations

import importlib.util
import sys

from .support.mock_server import REPO_ROOT

SCRIPT = REPO_ROOT / "packages" / "python" / "scripts" / "reference.py"


def test_every_public_symbol_has_a_docstring_with_an_example() -> None:
    spec = importlib.util.spec_from_file_location("reference", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    reference = importlib.util.module_from_spec(spec)
    sys.modules["reference"] = reference
    spec.loader.exec_module(reference)
    built = reference.build()
    assert built.warnings == []
    # The client, its resources, the receiver, the testing helpers and the models.
    assert built.checked > 250
    assert {"index", "resources", "webhooks", "testing", "types"} <= set(built.pages)
