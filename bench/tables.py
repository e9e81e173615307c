"""The plain-text tables the benchmarks print."""

from __future__ import annotations


def table(header: list[str], rows: list[list[str]]) -> str:
    """``rows`` under ``header`` in aligned columns, the first to the left and the others to the right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])
