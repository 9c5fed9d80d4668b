// The players' view of the table (docs/web.md). Reads /api/events (Server-Sent Events) under this page's
// token; never sends anything but GET. All text is set with textContent (names come from the table).
"use strict";
(function () {
  const T = {
    zh: { lang: "EN", pick: "我是哪个座位？（本机只问一次）", change: "换座位", mine: "{s}：我的距离",
          range: "攻击范围 {n}（{w}）", seat: "座位", to: "我到TA", from: "TA到我", inr: "✓ 在范围内",
          outr: "✗ 超出范围", dead: "阵亡", deadNo: "阵亡：没有距离", hand: "手牌{n}", judge: "判定区",
          log: "记录", live: "实时", off: "连接中断，正在重连…", me: "我", noGeneral: "（未选将）",
          eqRange: "范围{n}", seatN: "{n}号位", noSeats: "牌局尚未设定座位", board: "", dying: "濒死",
          reachMe: "能打到我", noReachMe: "打不到我", asked: "⚠ ", title: "三国杀", page: "三国杀 · 牌桌" },
    en: { lang: "中文", pick: "Which seat are you? (asked once on this phone)", change: "Change seat",
          mine: "{s}: my distances", range: "attack range {n} ({w})", seat: "Seat", to: "me → them",
          from: "them → me", inr: "✓ in range", outr: "✗ out of range", dead: "dead", deadNo: "dead: no distance",
          hand: "hand {n}", judge: "judgement", log: "Log", live: "live", off: "connection lost, reconnecting…",
          me: "me", noGeneral: "(no general)", eqRange: "range {n}", seatN: "seat {n}",
          noSeats: "no seats set up yet", board: "", dying: "dying", reachMe: "can reach me",
          noReachMe: "cannot reach me", asked: "⚠ ", title: "Sanguosha",
          page: "Sanguosha · table" },
  };
  const params = new URLSearchParams(location.search);
  const board = params.get("view") === "board";
  const token = location.pathname.split("/").filter(Boolean)[0] || "";
  const seatKey = "sgs-seat:" + token;
  const browserLang = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  let lang = params.get("lang") || localStorage.getItem("sgs-lang") || (/^zh/i.test(browserLang) ? "zh" : "en");
  if (lang !== "zh" && lang !== "en") lang = "en";
  let mySeat = board ? null : (parseInt(localStorage.getItem(seatKey) || "", 10) || null);
  let view = null, es = null, lastHeard = 0, online = false;

  const $ = (id) => document.getElementById(id);
  const t = (k, vars) => (T[lang][k] || k).replace(/\{(\w+)\}/g, (_, v) => (vars && v in vars ? vars[v] : ""));
  const tx = (o) => (o ? (lang === "zh" ? o.zh || o.en : o.en || o.zh) : "");
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function seatName(s) { return t("seatN", { n: s.seat }) + (s.name ? " " + s.name : ""); }
  function hpMarks(s) {
    const full = Math.max(0, Math.min(s.hp, s.max_hp));
    return "●".repeat(full) + "○".repeat(Math.max(0, s.max_hp - full));
  }
  function cardText(c) { return tx(c) + (c.face ? c.face : ""); }
  function paren(text) { return lang === "zh" ? "（" + text + "）" : " (" + text + ")"; }

  function renderSeat(s) {
    const box = el("article", "seat");
    box.dataset.seat = s.seat;
    if (s.current) box.classList.add("current");
    if (s.asked) box.classList.add("asked");
    if (!s.alive) box.classList.add("dead");
    if (s.seat === mySeat) box.classList.add("me");
    const top = el("div", "top");
    top.appendChild(el("span", "name", (s.asked ? t("asked") : s.current ? "▶ " : "") + seatName(s)));
    if (s.seat === mySeat) top.appendChild(el("span", "me-mark", paren(t("me"))));
    if (s.role) top.appendChild(el("span", "role", tx(s.role)));
    if (!s.alive) top.appendChild(el("span", "dead-mark", "✝" + t("dead")));
    else if (s.dying) top.appendChild(el("span", "dead-mark", "!" + t("dying")));
    box.appendChild(top);
    const g = s.general;
    if (g) {
      const d = el("details", "general");
      d.appendChild(el("summary", "", tx(g) + (g.kingdom ? " · " + tx(g.kingdom) : "")));
      for (const sk of g.skills) d.appendChild(el("p", "skill", tx(sk) + (lang === "zh" ? "：" : ": ") + tx(sk.summary)));
      box.appendChild(d);
    } else box.appendChild(el("div", "general", t("noGeneral")));
    const hp = el("div", "hpline");
    hp.appendChild(el("span", "hp", hpMarks(s)));
    hp.appendChild(el("span", "", " " + s.hp + "/" + s.max_hp + (s.hand === null ? "" : " · " + t("hand", { n: s.hand }))));
    box.appendChild(hp);
    if (s.equipment.length) {
      box.appendChild(el("div", "eq", s.equipment.map((c) => tx(c.slot_name) + " " + cardText(c) +
        (c.range ? paren(t("eqRange", { n: c.range })) : "")).join(" · ")));
    }
    if (s.judgement.length) {
      box.appendChild(el("div", "jd", t("judge") + (lang === "zh" ? "：" : ": ") + s.judgement.map(cardText).join(" → ")));
    }
    return box;
  }

  function renderPick(v) {
    const show = !board && !mySeat && v.seats.length > 0;
    $("pick").hidden = !show;
    if (!show) return;
    $("pick-title").textContent = t("pick");
    const box = $("pick-seats");
    box.replaceChildren();
    for (const s of v.seats) {
      const b = el("button", "", seatName(s) + (s.general ? " · " + tx(s.general) : ""));
      b.type = "button";
      b.dataset.seat = s.seat;
      b.addEventListener("click", () => { mySeat = s.seat; localStorage.setItem(seatKey, String(s.seat)); render(); });
      box.appendChild(b);
    }
  }

  function renderMine(v) {
    const me = mySeat && v.seats.find((s) => s.seat === mySeat);
    $("mine").hidden = !me;
    $("change-seat").hidden = board || !mySeat;
    if (!me) return;
    $("mine-title").textContent = t("mine", { s: seatName(me) });
    $("mine-range").textContent = me.alive && me.attack_range
      ? t("range", { n: me.attack_range.value, w: tx(me.attack_range) }) : t("deadNo");
    $("th-seat").textContent = t("seat");
    $("th-to").textContent = t("to");
    $("th-from").textContent = t("from");
    const body = $("reach").tBodies[0];
    body.replaceChildren();
    const mine = v.distance[String(me.seat)] || {};
    for (const s of v.seats) {
      if (s.seat === me.seat) continue;
      const tr = el("tr");
      tr.dataset.seat = s.seat;
      tr.appendChild(el("td", "", seatName(s)));
      const to = el("td"), from = el("td");
      const c = mine[String(s.seat)];
      const back = (v.distance[String(s.seat)] || {})[String(me.seat)];
      if (!s.alive || !me.alive || !c) {
        to.textContent = s.alive ? t("deadNo") : t("dead");
        from.textContent = "—";
      } else {
        to.dataset.distance = c.distance;
        to.dataset.inRange = c.in_range;
        to.appendChild(el("span", c.in_range ? "yes" : "no", c.distance + " " + (c.in_range ? t("inr") : t("outr"))));
        if (!c.in_range) to.appendChild(el("span", "why", tx(c.reason)));
        else if (c.explain && tx(c.explain) !== String(c.distance)) to.appendChild(el("span", "why", tx(c.explain)));
        from.dataset.distance = back.distance;
        from.dataset.inRange = back.in_range;
        from.appendChild(el("span", back.in_range ? "no" : "yes",
          back.distance + " " + (back.in_range ? t("reachMe") : t("noReachMe"))));
        from.appendChild(el("span", "why", tx(back.reason)));
      }
      tr.appendChild(to);
      tr.appendChild(from);
      body.appendChild(tr);
    }
  }

  function render() {
    document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
    document.title = t("page");
    document.body.classList.toggle("board", board);
    $("lang").textContent = t("lang");
    $("change-seat").textContent = t("change");
    $("log-title").textContent = t("log");
    setStatus(online);
    const v = view;
    if (!v) return;
    document.body.dataset.version = v.version;
    $("header").textContent = t("title") + " · " + tx(v.header);  // one language on the page (issue 16)
    const p = v.prompt;
    $("prompt").hidden = !p;
    $("prompt").textContent = p ? "⚠ " + tx(p) : "";
    renderPick(v);
    renderMine(v);
    const table = $("table");
    table.replaceChildren(...v.seats.map(renderSeat));
    if (!v.seats.length) table.appendChild(el("p", "", t("noSeats")));
    const log = $("log");
    log.replaceChildren(...v.log.map((l) => el("li", "", tx(l))));
  }

  function setStatus(ok) {
    online = ok;
    const st = $("status");
    st.textContent = ok ? "● " + t("live") : t("off");
    st.classList.toggle("off", !ok);
    document.body.dataset.online = ok ? "1" : "0";
  }

  function apply(v) {
    view = v;
    if (mySeat && !v.seats.some((s) => s.seat === mySeat)) mySeat = null; // the table shrank
    render();
  }

  function connect() {
    if (es) es.close();
    es = new EventSource("api/events");
    es.addEventListener("state", (e) => { lastHeard = Date.now(); setStatus(true); apply(JSON.parse(e.data)); });
    es.addEventListener("ping", () => { lastHeard = Date.now(); setStatus(true); });
    es.onopen = () => { lastHeard = Date.now(); setStatus(true); };
    es.onerror = () => { setStatus(false); };
  }
  // the browser retries a dropped stream by itself; a stream refused (503) or silent for too long
  // (a phone that slept) is reopened here
  setInterval(() => {
    if (!es || es.readyState === 2 || Date.now() - lastHeard > 40000) connect();
  }, 3000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && (!es || es.readyState !== 1 || Date.now() - lastHeard > 20000)) connect();
  });
  window.addEventListener("online", connect);
  window.addEventListener("pageshow", (e) => { if (e.persisted) connect(); });

  $("lang").addEventListener("click", () => { lang = lang === "zh" ? "en" : "zh"; localStorage.setItem("sgs-lang", lang); render(); });
  $("change-seat").addEventListener("click", () => { mySeat = null; localStorage.removeItem(seatKey); render(); });
  render();
  fetch("api/state", { cache: "no-store" }).then((r) => r.json()).then((v) => { if (!view) apply(v); }).catch(() => {});
  connect();
})();
