"""The 40 skills of the 25 standard generals, one module per kingdom (:mod:`.wei`, :mod:`.shu`, :mod:`.wu`,
:mod:`.qun`) on the machinery of :mod:`.base`.  Importing this package registers every skill
(docs/architecture.md has the skill → module table)."""

from ..flow import HOOKS
from . import base, qun, shu, wei, wu

MODULES = (wei, shu, wu, qun)
"""The kingdom modules, each with ``HANDLES``: the skill ids it holds."""

# After every action, in this order: card loss (连营, 枭姬), 无双 on the 杀/决斗 questions, 空城 in a 决斗, then
# the hints that name the skills able to answer the question now pending (which the first three may change).
HOOKS.setdefault("after", []).extend([("lianying", wu.card_loss), ("wushuang", qun.wushuang),
                                      ("kongcheng", shu.kongcheng_duel), ("hints", base.hints)])

__all__ = ["MODULES", "base"]

# `via` completes the view-as skills in this order (companion.script), as it did before they moved to their kingdoms
_VIA_ORDER = ("wusheng", "longdan", "qingguo", "qixi", "guose", "jijiu", "jijiang", "hujia")
_view_as = dict(base.VIEW_AS)
base.VIEW_AS.clear()
base.VIEW_AS.update({sid: _view_as[sid] for sid in _VIA_ORDER} | _view_as)
