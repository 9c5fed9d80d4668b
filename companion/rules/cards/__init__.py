"""One module per kind of card, each holding its cards' legality and effect: :mod:`.basic` (杀 闪 桃 酒),
:mod:`.tricks` (ordinary tricks and 无懈可击), :mod:`.delayed`, :mod:`.weapons`, :mod:`.armor`, :mod:`.horses`;
:mod:`.common` holds what every use shares.  Importing this package registers every card's ``use`` function in
:data:`companion.rules.cards.common.USE` (docs/architecture.md has the card → module table)."""

from . import armor, basic, delayed, horses, tricks, weapons

MODULES = (basic, tricks, delayed, weapons, armor, horses)
"""The card modules, each with ``HANDLES``: the card ids it holds."""

__all__ = ["MODULES"]
