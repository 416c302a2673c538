"""`mjtui tournament sheet NAME --round N [--format md|html] [--url URL]`: the seating
sheet to print and put on the tables: each table's players East first and its secret
link (core/tournament/links.py), with a QR code a phone opens it from in ``html``
(drawn by segno, a QR code library in pure Python), and the hall's address.

The links are the round's, made when it was seated (or now, under tournament.toml's
lock, for a round seated before links were kept). ``--url`` is where `mjtui tournament
serve` is reached; by default this machine's address on the network with port 8000, as
``serve --host 0.0.0.0`` serves it.
"""

from __future__ import annotations

import html
import sys
from urllib.parse import urlsplit

from mjtui.core.errors import MjtuiError
from mjtui.core.language import _
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.core.tournament.links import link_path
from mjtui.core.tournament.model import Tournament

DEFAULT_PORT = 8000


def base_url(given: str | None) -> str:
    """Where the server is reached, without a trailing slash."""
    if given:
        parts = urlsplit(given)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise MjtuiError(
                _("--url: expected http://ADDRESS:PORT, got {given}").format(given=repr(given))
            )
        return f"{parts.scheme}://{parts.netloc}"
    from mjtui.cli.serving import lan_address

    return f"http://{lan_address('0.0.0.0') or 'THIS-MACHINE'}:{DEFAULT_PORT}"


def print_sheet(
    t: Tournament, number: int, base: str, secrets: tuple[str, ...], out_format: str
) -> int:
    urls = [base + link_path(s) for s in secrets]
    if out_format == "html":
        sys.stdout.write(sheet_html(t, number, base, urls))
    else:
        sys.stdout.write(sheet_md(t, number, base, urls))
    return 0


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def sheet_md(t: Tournament, number: int, base: str, urls: list[str]) -> str:
    seated = t.need_round(number)
    winds = [wind_name(i) for i in range(t.seats)]
    lines = [
        "# "
        + _("{name}: round {n} of {rounds}").format(name=_md(t.name), n=number, rounds=t.rounds),
        "",
        _(
            "The standings: {hall}/ . Each table scores its game at its own link (keep it "
            "to the table: it opens that table's game)."
        ).format(hall=base),
        "",
        "| " + _("Table") + " | " + " | ".join(winds) + " | " + _("Link") + " |",
        "|---:|" + "---|" * len(winds) + "---|",
    ]
    for n, (names, url) in enumerate(zip(seated.tables, urls, strict=True), 1):
        lines.append(f"| {n} | " + " | ".join(_md(x) for x in names) + f" | <{url}> |")
    lines += ["", _("A QR code a table: `--format html`.")]
    return "\n".join(lines) + "\n"


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an inline SVG element."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=4, border=2)


PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
.table {{ display: inline-block; vertical-align: top; width: 21em; margin: 0 1em 1.5em 0;
          padding: 0.8em; border: 1px solid #888; break-inside: avoid; }}
.table h2 {{ margin: 0 0 0.3em 0; }}
.table ol {{ margin: 0.3em 0; padding-left: 0; list-style: none; }}
.link {{ font-family: monospace; font-size: 0.85em; word-break: break-all; }}
</style></head><body>
<h1>{title}</h1>
<p>{standings}</p>
{tables}
</body></html>
"""


def sheet_html(t: Tournament, number: int, base: str, urls: list[str]) -> str:
    seated = t.need_round(number)
    cards = []
    table_title = _("Table {n}")
    for n, (names, url) in enumerate(zip(seated.tables, urls, strict=True), 1):
        seats = "".join(
            f"<li>{html.escape(wind)}: {html.escape(name)}</li>"
            for wind, name in zip(map(wind_name, range(len(WINDS))), names, strict=False)
        )
        cards.append(
            f'<div class="table"><h2>{html.escape(table_title.format(n=n))}</h2><ol>{seats}</ol>'
            f"{qr_svg(url)}"
            f'<div class="link">{html.escape(url)}</div></div>'
        )
    title = html.escape(
        _("{name}: round {n} of {rounds}").format(name=t.name, n=number, rounds=t.rounds)
    )
    standings = html.escape(
        _(
            "The standings: {hall}. Each table scores its game on a phone from its own code "
            "(keep it to the table: it opens that table's game and no other)."
        )
    ).replace("{hall}", f'<span class="link">{html.escape(base + "/")}</span>')
    return PAGE.format(title=title, standings=standings, tables="\n".join(cards), lang=html_lang())


def html_lang() -> str:
    """The page's language tag, for the browser's fonts and reading."""
    from mjtui.core.language import current

    return {"zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"}.get(current(), current())
