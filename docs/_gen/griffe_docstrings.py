"""A Griffe extension for the API pages: the package's docstrings are reST-flavoured (doctest
examples, ``:func:`name``` roles), the site is Markdown. Doctest examples become ``pycon``
code blocks and a role becomes plain code, before mkdocstrings renders a docstring."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj|const):`~?([^`]+)`")


def markdown(text: str) -> str:
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_example:
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line if in_example else ROLE.sub(r"`\1`", line))
    if in_example:
        out.append("```")
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
