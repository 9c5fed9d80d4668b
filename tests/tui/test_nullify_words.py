"""A 无懈可击 played against a 无懈可击 says which one it cancels and what then becomes of the trick (newcomer trial,
issue 16, item 11: the zh "3号位对1号位的无中生有的无懈可击（第1张）" read as seat 3 using something on seat 1).
The question in the banner and the log line, zh and en; real Session."""

from __future__ import annotations

import pytest

from companion.session import Session
from companion.tui.app import CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next", "1 ex_nihilo"]

WORDS = {
    "zh": ["3号位（张飞）的第1张无懈可击即将生效：抵消1号位（孙权）对1号位（孙权）的无中生有",
           "2号位（关羽）的第2张无懈可击即将生效：抵消3号位（张飞）的第1张无懈可击，1号位（孙权）对1号位（孙权）的无中生有将照常生效",
           "4号位（赵云）的第3张无懈可击即将生效：抵消2号位（关羽）的第2张无懈可击，1号位（孙权）对1号位（孙权）的无中生有将被抵消"],
    "en": ["seat 3 (Zhang Fei)'s Nullification (chain 1) is about to take effect, cancelling seat 1 (Sun Quan)'s Ex Nihilo",
           "seat 2 (Guan Yu)'s Nullification (chain 2) is about to take effect, cancelling seat 3 (Zhang Fei)'s "
           "Nullification (chain 1): seat 1 (Sun Quan)'s Ex Nihilo on seat 1 (Sun Quan) would then take effect after all",
           "seat 4 (Zhao Yun)'s Nullification (chain 3) is about to take effect, cancelling seat 2 (Guan Yu)'s "
           "Nullification (chain 2): seat 1 (Sun Quan)'s Ex Nihilo on seat 1 (Sun Quan) would then be cancelled"],
}
LOG = {"zh": "2号位（关羽）打出无懈可击（第2张），抵消3号位（张飞）的第1张无懈可击",
       "en": "seat 2 (Guan Yu) plays Nullification (chain 2) against seat 3 (Zhang Fei)'s Nullification (chain 1)"}


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_nullification_against_a_nullification_names_what_it_cancels(lang):
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for seat, want in zip((3, 2, 4), WORDS[lang], strict=True):
            s.submit(f"{seat} 无懈可击")
            app.refresh_view()
            await pilot.pause()
            p = s.state.prompt
            assert p is not None and p.kind == "nullify"
            assert want in (p.zh if lang == "zh" else p.en), (p.zh, p.en)
            assert want in app._ptext  # the banner's question
        assert LOG[lang] in app.log_text(), app.log_text()
