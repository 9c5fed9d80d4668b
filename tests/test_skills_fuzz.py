"""Directed random games with all generals: answers to every question, random play, forced lines.

Nothing but Refused / CommandError may come out, and hands stay ≥ 0, HP ≤ max HP."""

from __future__ import annotations

import random
import traceback

from companion.rules.errors import CommandError, Refused
from companion.rules.generals import GENERALS
from companion.rules.state import GameState
from companion.script import execute


def test_random_games_with_skills_stay_sane():
    seeds = range(25)
    gens = list(GENERALS)
    faces = ["♠7","♥3","♦A","♣K","♠2","♥Q","♦5","♣9"]
    crash = steps_total = 0
    kinds = set()
    for seed in seeds:
        rng = random.Random(seed)
        n = rng.randint(4, 8)
        gs = rng.sample(gens, n)
        st = GameState()
        for setup_line in [f"players {n}", "lord 1"] + [f"general {i} {g}" for i, g in enumerate(gs, 1)] + ["start"]:
            st = execute(st, setup_line).state
        for step in range(250):
            p = st.prompt
            s, t, f = rng.choice(st.alive), rng.choice(st.alive), rng.choice(faces)
            if p is not None:
                kinds.add((p.kind, p.data.get("skill")))
                c = {"skill": ["yes", "no", f"{p.data.get('skill')} {t}", f"{p.data.get('skill')} {f}", "judge " + f, "discard 2", "take",
                               f"{p.data.get('skill')} {t} 1"],
                     "respond": ["take", "闪", "杀", f"judge {f}", f"{p.seat} liuli {t}", f"{s} 闪 via hujia", f"{s} 杀 via jijiang",
                                 f"{p.seat} 闪:{f} via qingguo", f"{p.seat} 杀:{f} via wusheng"],
                     "dying": ["pass", "pass", "peach", f"{s} 桃:{f} via jijiu"],
                     "reveal": ["reveal rebel", "reveal loyalist", "reveal renegade"],
                     "discard": ["discard 1", "discard 2", "next"],
                     "judge": [f"judge {f}"], "nullify": ["pass all", "nobody"], "pick": ["pick hand", "pick"],
                     "zone": ["pick hand", "pick weapon", "pick armor"],
                     "collateral": ["pass"]}.get(p.kind, ["pass", "take", "pick hand"])
                line = rng.choice(c)
            else:
                cands = ["next", "next", f"{s} 杀 {t}", f"{s} 决斗 {t}", f"{s} 过河拆桥 {t}", f"{s} 南蛮入侵", f"{s} 万箭齐发",
                         f"{s} zhiheng 2", f"{s} rende {t} 2", f"{s} kurou", f"{s} jieyin {t}", f"{s} qingnang {t}",
                         f"{s} fanjian {t} heart {f}", f"{s} lijian {t} {rng.choice(st.alive)}", f"{s} 杀:{f} {t} via wusheng",
                         f"{s} 乐不思蜀:{f} {t} via guose", f"{s} 过河拆桥:{f} {t} via qixi", f"{s} 无中生有", f"equip {s} 赤兔",
                         f"unequip {s} minus_horse", f"{s} 闪电", f"{s} 乐不思蜀 {t}", f"{s} 杀 {t} via jijiang"]
                line = rng.choice(cands)
            try:
                st = execute(st, line).state
            except (Refused, CommandError):
                if rng.random() < 0.3:
                    try:
                        st = execute(st, "force " + line).state
                    except (Refused, CommandError):
                        pass
            except Exception as e:
                crash += 1
                raise AssertionError(f"seed {seed} step {step} {line!r} {gs}: {traceback.format_exc(limit=4)}") from e
            steps_total += 1
            bad = [x for x in st.seats if x.hand < 0 or x.hp > x.max_hp]
            if bad:
                raise AssertionError(f"seed {seed} step {step} {line!r}: {[(x.seat, x.general, x.hand, x.hp) for x in bad]}")
            if st.over:
                break
    assert steps_total > 1000 and crash == 0
    assert {k[1] for k in kinds if k[0] == "skill"} >= {"jianxiong", "ganglie", "guicai", "fankui"}
