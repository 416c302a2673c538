"""What the screens' tests share: ``kept``, a screen's SVG compared with its snapshot."""

from __future__ import annotations

import inspect
import pickle
from collections.abc import Callable

import pytest
from pytest_textual_snapshot import (
    PseudoApp,
    PseudoConsole,
    SVGImageExtension,
    node_to_report_path,
)
from rich.console import ConsoleDimensions
from syrupy.assertion import SnapshotAssertion

SIZE = (80, 24)


@pytest.fixture
def kept(snapshot: SnapshotAssertion, request: pytest.FixtureRequest) -> Callable[[str, str], bool]:
    """Whether a screen's SVG is the one kept under its name; each one compared is also
    left for the plugin's snapshot_report.html, as its own snap_compare does for one."""
    svgs = snapshot.use_extension(SVGImageExtension)

    def compare(name: str, svg: str) -> bool:
        same = svgs(name=name) == svg
        result = svgs.executions[svgs.num_executions - 1]
        expected = result.recalled_data
        path, line, test = request.node.reportinfo()
        report = (
            same,
            "" if expected is None else str(expected),
            svg,
            PseudoApp(PseudoConsole(False, ConsoleDimensions(*SIZE))),
            path,
            line,
            f"{test}[{name}]",
            inspect.getdoc(request.node.function) or "",
            "",
            expected is not None,
        )
        where = node_to_report_path(request.node)
        where.with_name(f"{where.name}_{name}").write_bytes(pickle.dumps(report))
        return same

    return compare
