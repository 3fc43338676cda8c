"""Reading a file and its YAML: the loader's own diagnostics (CS000-CS004)."""
from __future__ import annotations

from ..registry import Rule


class UnknownFileKind(Rule):
    """A file named on the command line is not a card, deck or scenario file.

    The linter knows files by their suffix: ``*.card.yaml``, ``*.deck.yaml`` and
    ``*.scenario.yaml``. A file with another name is reported rather than silently skipped,
    so a typo in a file name can't hide a card from every check.

    Fix: rename the file (``cairnvox-soulforger.card.yaml``).
    """

    code = "CS000"
    name = "unknown-file-kind"
    severity = "warning"
    groups = ("syntax",)


class YamlSyntax(Rule):
    """The file is not valid YAML, or uses YAML the card language refuses.

    Reported at the first position the parser could not read, with its reason. Besides plain
    syntax errors this covers what the safe loader refuses on purpose: tabs used for
    indentation, tags (``!!python/object`` and the like: card files never build objects),
    merge keys (``<<``), non-scalar mapping keys, more than one document in a file, aliases to
    anchors that do not exist, and scalars that claim a type they don't have
    (``!!int twelve``).

    Example::

        abilities:
          - trigger: on_play
            effect: {draw: 2        # <- CS001: the flow mapping is never closed
    """

    code = "CS001"
    name = "yaml-syntax"
    groups = ("syntax",)


class UnreadableFile(Rule):
    """The file can't be read, or is not UTF-8 text.

    Card files are UTF-8 (a byte-order mark is allowed). The position is the first byte
    that isn't valid UTF-8.
    """

    code = "CS002"
    name = "unreadable-file"
    groups = ("syntax",)


class InputTooLarge(Rule):
    """The file is larger than the loader accepts: over 1 MB, nested more than 64 levels, or
    more than 50,000 nodes once aliases are expanded.

    These limits keep a hostile file (an "alias bomb" that expands to billions of nodes, say)
    from exhausting time or memory: it is refused at once, never expanded. No real card comes
    near them.
    """

    code = "CS003"
    name = "input-too-large"
    groups = ("syntax",)


class DuplicateKey(Rule):
    """A mapping names the same key twice.

    YAML parsers disagree on duplicate keys (most keep the last one silently), so the second
    ``cost:`` of a card would quietly win. The card language makes it an error, reported at
    the second occurrence.

    Example::

        cost: 3
        power: 2
        cost: 4       # <- CS004 duplicate key 'cost'
    """

    code = "CS004"
    name = "duplicate-key"
    groups = ("syntax",)
