"""The horses: +1 horses 的卢 dilu, 绝影 jueying, 爪黄飞电 zhuahuangfeidian (others count 1 more to reach their
owner) and -1 horses 赤兔 chitu, 大宛 dayuan, 紫骍 zixing (their owner counts 1 less to reach others).

A horse has no effect of its own beyond the distance: it is equipped here (``S CARD`` in the play phase, one
per slot) and :func:`companion.rules.distance.distance` counts it — directionally.
Source: RULES_NOTES: Distance and attack range (a +1 horse changes distance *to* its owner, a -1 horse distance
*from* its owner).
"""

from __future__ import annotations

from .common import use_equipment, uses

HANDLES = frozenset({"dilu", "jueying", "zhuahuangfeidian", "chitu", "dayuan", "zixing"})
"""The card ids whose rules live here."""

uses(*HANDLES, owner=__name__)(use_equipment)
