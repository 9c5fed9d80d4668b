import numpy as np
import pytest

from card_images.render import synth_photo
from recognition.camera import CameraError, CameraScanner, FrameVoter, open_capture
from recognition.reader import Reading


class FakeCapture:
    """Plays a list of (ok, frame) items, then reports failure (device gone)."""

    def __init__(self, items, then_fail=True):
        self.items = list(items)
        self.released = False
        self.then_fail = then_fail

    def read(self):
        if self.items:
            return self.items.pop(0)
        if self.then_fail:
            return False, None
        raise RuntimeError("device unplugged")

    def release(self):
        self.released = True


def _r(suit, rank, conf, source="index"):
    return Reading(suit, rank, conf, conf >= 0.9, source)


def test_voter_needs_consecutive_agreeing_frames():
    v = FrameVoter(frames_needed=3, threshold=0.9, clear_frames=0)
    states = [v.update(_r("spade", 7, c)).state for c in (0.95, 0.97, 0.5, 0.95, 0.96, 0.99)]
    assert states == ["reading", "reading", "reading", "reading", "reading", "accepted"]
    assert v.update(_r("spade", 7, 0.99)).state == "reading"  # same card not accepted twice


def test_voter_disagreeing_frames_never_accept():
    v = FrameVoter(frames_needed=2, threshold=0.9)
    for i in range(10):
        st = v.update(_r("spade" if i % 2 else "club", 7, 0.99))
        assert st.state != "accepted"
    assert v.best_guess() is not None


def test_voter_qr_counts_as_confident_and_empty_is_searching():
    v = FrameVoter(frames_needed=2, clear_frames=0)
    assert v.update(Reading(None, None, 0.0, False)).state == "searching"
    v.update(_r("heart", 12, 1.0, "qr"))
    st = v.update(_r("heart", 12, 1.0, "qr"))
    assert st.state == "accepted" and st.text == "accepted ♥Q"


def test_scanner_accepts_card_from_fake_camera():
    rng = np.random.default_rng(4242)
    frames = []
    base = synth_photo(13, "diamond", rng, rotation=10, tilt=0.04, low_light=False)
    for _ in range(6):
        frames.append((True, base.image.copy()))
    cap = FakeCapture(frames)
    seen = []
    with pytest.raises(CameraError, match="stopped delivering frames"):
        with CameraScanner(cap, frames_needed=3, max_bad_frames=3) as sc:
            for st in sc:
                seen.append(st)
    assert cap.released
    acc = [s for s in seen if s.state == "accepted"]
    # the reader may refuse this frame, but must never accept a wrong card
    assert all(s.reading.suit == "diamond" and s.reading.rank == 13 for s in acc)


def test_scanner_garbage_frames_give_camera_error():
    rng = np.random.default_rng(1)
    junk = [(True, None), (True, np.zeros((10, 10), np.uint8)), (True, "frame"),
            (True, rng.integers(0, 255, (720, 1280), dtype=np.uint8))] * 5
    with pytest.raises(CameraError, match="unusable frames"):
        for _ in CameraScanner(FakeCapture(junk), max_bad_frames=5):
            pass


def test_scanner_noise_frames_are_not_cards():
    rng = np.random.default_rng(2)
    noise = [(True, rng.integers(0, 255, (720, 1280, 3), dtype=np.uint8)) for _ in range(4)]
    states = []
    with pytest.raises(CameraError):
        for st in CameraScanner(FakeCapture(noise), frames_needed=2, max_bad_frames=2):
            states.append(st.state)
    assert "accepted" not in states and len(states) == 4


def test_scanner_read_raising_is_camera_error():
    cap = FakeCapture([], then_fail=False)
    with pytest.raises(CameraError, match="device unplugged"):
        next(iter(CameraScanner(cap)))
    assert cap.released


def test_no_camera_is_camera_error(tmp_path):
    with pytest.raises(CameraError, match="cannot open camera") as exc:
        open_capture(str(tmp_path / "no-such-video-device"))
    assert exc.value.zh.startswith("无法打开摄像头") and "cannot" not in exc.value.zh   # the dashboard in zh


def test_camera_error_says_it_in_chinese_too():
    cap = FakeCapture([], then_fail=False)
    with pytest.raises(CameraError) as exc:
        next(iter(CameraScanner(cap)))
    assert "device unplugged" in str(exc.value) and exc.value.zh.startswith("摄像头") and "出错" in exc.value.zh
    assert CameraError("plain").zh == "plain"


def test_cli_camera_missing_is_clear_message(tmp_path, capsys):
    from recognition.cli import main
    assert main(["scan", "--camera", str(tmp_path / "nodev"), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "cannot open camera" in err and "no such file" in err and "Traceback" not in err


def test_cli_camera_path_reads_a_video_then_reports_its_end(tmp_path, capsys):
    """`scan --camera PATH` on a recorded MJPG clip: the QR-labelled card is accepted once,
    then the end of the clip is a clear camera message, not a traceback."""
    import cv2

    from recognition.cli import main
    from recognition.labels import LabelEntry, qr_image

    e = LabelEntry("duel-club-1", "duel", "club", 1, "决斗", "Duel")
    q = np.array(qr_image(e, 330).convert("RGB"))[:, :, ::-1]
    frame = synth_photo(1, "club", np.random.default_rng(77), tilt=0.02, card_scale=(0.9, 0.95),
                        overlay=q, low_light=False).image
    path = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (1280, 720))
    if not w.isOpened():
        pytest.skip("no video writer in this OpenCV build")
    for _ in range(12):
        w.write(frame)
    w.release()
    code = main(["scan", "--camera", str(path), "--frames-needed", "2", "--json", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == 0  # a file's end is a normal end when a card was accepted
    lines = out.strip().splitlines()
    assert len(lines) == 1 and '"suit": "club"' in lines[0] and '"rank": 1' in lines[0]
    assert "end of video file" in err and "Traceback" not in err
    assert "disconnected" not in err and "by hand" not in err


def test_scanner_accepts_a_qr_label_even_when_the_index_is_unreadable():
    """Label on a plain white sleeve insert (no index): QR frames alone must reach acceptance."""
    from recognition.labels import LabelEntry, qr_image

    e = LabelEntry("peach-heart-12", "peach", "heart", 12, "桃", "Peach")
    q = np.array(qr_image(e, 200).convert("RGB"))[:, :, ::-1]
    frame = np.full((720, 1280, 3), (60, 80, 70), np.uint8)
    frame[200:400, 500:700] = q
    cap = FakeCapture([(True, frame.copy()) for _ in range(8)])
    seen = []
    with pytest.raises(CameraError):
        for st in CameraScanner(cap, frames_needed=3, qr_every=3, max_bad_frames=2, clear_frames=0):
            seen.append(st)
    acc = [s for s in seen if s.state == "accepted"]
    assert len(acc) == 1 and acc[0].reading.source == "qr" and acc[0].text == "accepted ♥Q"


def _write_clip(path, frames, fps=10):
    import cv2
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (frames[0].shape[1], frames[0].shape[0]))
    if not w.isOpened():
        pytest.skip("no video writer in this OpenCV build")
    for f in frames:
        w.write(f)
    w.release()


def test_video_file_end_is_a_normal_end_not_a_disconnect(tmp_path):
    """The scanner's updates end at a video file's end (ended = "end of video file");
    a capture object (a device) that stops still raises the disconnect error."""
    path = tmp_path / "table.avi"
    _write_clip(path, [np.full((240, 320, 3), 90, np.uint8)] * 5)
    sc = CameraScanner(str(path), max_bad_frames=2)
    states = list(sc.updates())
    assert len(states) == 5 and sc.ended == "end of video file" and sc.is_file
    with pytest.raises(CameraError, match="stopped delivering frames"):
        list(CameraScanner(FakeCapture([(True, np.full((240, 320, 3), 90, np.uint8))]), max_bad_frames=2))


def test_cli_video_file_without_a_card_ends_with_exit_1(tmp_path, capsys):
    from recognition.cli import main
    path = tmp_path / "table.avi"
    _write_clip(path, [np.full((240, 320, 3), 90, np.uint8)] * 4)
    assert main(["scan", "--camera", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "end of video file, no card accepted" in err and "disconnected" not in err


@pytest.mark.parametrize("kind,en,zh", [
    ("missing", "no such file or device", "没有这个文件或设备"),
    ("directory", "is a directory", "目录"),
    ("truncated", "cannot read video file", "无法读取视频文件"),
    ("text", "cannot read video file", "无法读取视频文件"),
])
def test_bad_video_paths_get_distinct_messages(tmp_path, kind, en, zh, capfd):
    import cv2
    src = tmp_path / "x.mp4"
    if kind == "directory":
        src = tmp_path
    elif kind == "truncated":  # a real clip cut short: FFmpeg says "moov atom not found"
        w = cv2.VideoWriter(str(src), cv2.VideoWriter_fourcc(*"mp4v"), 10, (320, 240))
        if not w.isOpened():
            pytest.skip("no mp4 writer in this OpenCV build")
        for _ in range(20):
            w.write(np.random.default_rng(1).integers(0, 255, (240, 320, 3), np.uint8))
        w.release()
        src.write_bytes(src.read_bytes()[:3000])
        cv2.VideoCapture(str(src)).release()  # FFmpeg already used: its log level is set by now
        capfd.readouterr()
    elif kind == "text":
        src.write_text("not a video")
    with pytest.raises(CameraError) as exc:
        open_capture(str(src))
    assert en in str(exc.value) and zh in exc.value.zh
    assert "not connected, busy" not in str(exc.value)
    err = capfd.readouterr().err
    assert "moov atom" not in err and "@ 0x" not in err   # FFmpeg's own messages kept off stderr


def test_device_that_cannot_be_opened_keeps_the_camera_message():
    with pytest.raises(CameraError, match="cannot open camera '/dev/video-nonexistent-7': no such device"):
        open_capture("/dev/video-nonexistent-7")
    with pytest.raises(CameraError, match="not connected, busy, or no permission"):
        open_capture(97)


def _scan_flags(readings, fines=None, **kw):
    """(second_search, fallback) of every read_frame call of a CameraScanner (QR on every third
    frame) fed len(readings) frames, read_frame returning readings in turn; fines (a list): each
    call's fine is appended."""
    import recognition.camera as camera

    calls, it = [], iter(readings)

    def fake_read_frame(frame, threshold, qr_mode="off", qr_part=None, second_search=True, fallback=True,
                        wide=True, fine=True):
        assert wide == fallback  # the wide-corner search follows the fallback's cadence
        assert fallback or not fine  # the second pass only on fallback frames
        if fines is not None:
            fines.append(fine)
        calls.append((second_search, fallback))
        return next(it)

    mp = pytest.MonkeyPatch()
    mp.setattr(camera, "read_frame", fake_read_frame)
    mp.setattr(camera, "read_label", lambda frame, qr_part=None: None)
    frame = np.zeros((80, 80, 3), np.uint8)
    try:
        with pytest.raises(CameraError):
            for _ in CameraScanner(FakeCapture([(True, frame)] * (len(readings) * 3 // 2 + 1)), max_bad_frames=1, **kw):
                pass
    finally:
        mp.undo()
    return calls


def test_scanner_second_index_search_on_every_frame_until_accepted_then_every_second():
    # 12 clear frames (CLEAR_FRAMES) before the acceptance: each searched
    seen = [s for s, _ in _scan_flags([_r("spade", 7, 0.99)] * 20)]
    assert seen[:12] == [True] * 12  # accepted on the 12th
    assert seen[12:] == [False, True] * 4
    assert [s for s, _ in _scan_flags([_r("spade", 7, 0.99)] * 20, second_every=1)] == [True] * 20
    # another card after the accepted one: from its second frame (a new streak) on, every frame again
    seq = [_r("spade", 7, 0.99)] * 16 + [_r("heart", 3, 0.99)] * 4
    assert [s for s, _ in _scan_flags(seq)][16:] == [False, True, True, True]


def test_scanner_fallback_bounded_without_a_card_and_kept_while_one_is_read():
    nothing = Reading(None, None, 0.0, False)
    # no card: the fallback search on every third index frame only
    assert [f for _, f in _scan_flags([nothing] * 9)] == [False, False, True] * 3
    # a card read (accepted, or refused with a note): the next index frame runs it too
    noted = Reading("club", 2, 0.99, False, note="two cards in view: ♣2 and ♥10")
    seq = [nothing, nothing, _r("spade", 7, 0.99), _r("spade", 7, 0.99), nothing, noted, nothing, nothing, nothing]
    assert [f for _, f in _scan_flags(seq)] == [False, False, True, True, True, True, True, False, True]
    assert [f for _, f in _scan_flags([nothing] * 3, fallback_every=1)] == [True] * 3


def test_scanner_second_pass_bounded_without_a_card_and_kept_while_one_is_read():
    nothing = Reading(None, None, 0.0, False)
    fines: list = []
    _scan_flags([nothing] * 18, fines)  # no card: the second pass on every ninth index frame only
    assert fines == ([False] * 8 + [True]) * 2
    fines.clear()  # a card read: the next index frames run it too
    _scan_flags([nothing] * 3 + [_r("spade", 7, 0.99)] * 3 + [nothing] * 3, fines)
    assert fines == [False, False, False, False, True, True, True, False, True]


class _Clock:
    """A fake CPU clock: each frame read costs ``cost`` s, a grab ``grab_cost`` s."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


class _TimedCapture:
    """Delivers ``n`` copies of frame; read() advances clock by read_cost (the decode and, through
    the fake reader, the read), grab() by grab_cost and returns no picture."""

    def __init__(self, frame, n, clock, read_costs, grab_cost=0.0001):
        self.frame, self.n, self.clock = frame, n, clock
        self.read_costs, self.grab_cost = list(read_costs), grab_cost
        self.reads = self.grabs = 0
        self.log = ""  # "r" for a frame read, "g" for one grabbed

    def read(self):
        if self.reads + self.grabs >= self.n:
            return False, None
        self.clock.t += self.read_costs[self.reads % len(self.read_costs)]
        self.reads += 1
        self.log += "r"
        return True, self.frame

    def grab(self):
        if self.reads + self.grabs >= self.n:
            return False
        self.clock.t += self.grab_cost
        self.grabs += 1
        self.log += "g"
        return True

    def release(self):
        pass


def _budget_scan(read_costs, n=60, readings=None, grab_cost=0.0001, **kw):
    """(capture, scanner, statuses) of a CameraScanner with a fake clock fed n frames."""
    import recognition.camera as camera

    clock = _Clock()
    it = iter(readings) if readings is not None else None
    mp = pytest.MonkeyPatch()
    mp.setattr(camera, "read_frame", lambda frame, threshold, **k: next(it) if it else Reading(None, None, 0.0, False))
    mp.setattr(camera, "read_label", lambda frame, qr_part=None: None)
    cap = _TimedCapture(np.zeros((80, 80, 3), np.uint8), n, clock, read_costs, grab_cost)
    sc = CameraScanner(cap, max_bad_frames=1, clock=clock, **kw)
    out = []
    try:
        with pytest.raises(CameraError):
            for st in sc:
                out.append(st)
    finally:
        mp.undo()
    return cap, sc, out


def test_budget_skips_frames_after_costly_reads_and_bounds_the_share():
    # each read 15 ms against 5 ms a frame (15% of 1/30 s): two frames grabbed unread after each
    cap, sc, out = _budget_scan([0.015], n=60, budget=0.15, grab_cost=0.0)
    assert (cap.reads, cap.grabs) == (20, 40) and (sc.frames_read, sc.frames_skipped) == (20, 40)
    assert len(out) == 20  # one status per frame read
    # 12 ms a read, 0.1 ms a grab: the share of the whole stream stays within a frame's cost of 15%
    cap, _, _ = _budget_scan([0.012], n=300, budget=0.15)
    share = (cap.reads * 0.012 + cap.grabs * cap.grab_cost) / (cap.reads + cap.grabs) / (1 / 30)
    assert 0.14 <= share <= 0.15 + 0.012 / 300 / (1 / 30)
    # cheap reads (3 ms): every frame read; no budget: every frame read whatever it costs
    assert _budget_scan([0.003], budget=0.15)[0].grabs == 0
    assert _budget_scan([0.012], budget=0.0)[0].grabs == 0


def test_budget_caps_a_run_of_skipped_frames():
    # one very slow read (the first loads the nets: 1 s) skips at most MAX_SKIP frames in a row,
    # and at most MAX_DEBT frames' share of it is paid for
    from recognition.camera import MAX_DEBT, MAX_SKIP
    cap, sc, _ = _budget_scan([1.0] + [0.001] * 80, n=80, budget=0.15, grab_cost=0.0)
    runs = cap.log.split("r")  # the grabs between reads
    assert cap.log.startswith("rg") and max(len(g) for g in runs) == MAX_SKIP
    # each cheap read between the runs gives back 4 of a frame's 5 ms: MAX_DEBT frames owed, less that
    paid = sum(len(g) for g in runs)
    assert MAX_DEBT - 0.8 * (MAX_DEBT // MAX_SKIP) <= paid <= MAX_DEBT
    last = cap.log.rindex("g")
    assert "g" not in cap.log[last + 1:] and cap.log[last + 1:] == "r" * (len(cap.log) - last - 1)
    assert len(cap.log) - last - 1 > 30  # then paid for: cheap frames are all read


def test_budget_pays_for_a_second_pass_in_full():
    # a frame read at 110 ms (the reader's second pass on a frame without a card, more than 2 * MAX_SKIP
    # frames' share) among 3 ms frames: the stream's share stays within the budget
    cap, _, _ = _budget_scan([0.003] * 8 + [0.110], n=600, budget=0.14)
    share = (sum(([0.003] * 8 + [0.110])[i % 9] for i in range(cap.reads))
             + cap.grabs * cap.grab_cost) / (cap.reads + cap.grabs) / (1 / 30)
    assert share <= 0.14 + 0.11 / 600 / (1 / 30)


def test_budget_is_off_for_capture_objects_and_files_and_on_for_devices(tmp_path):
    assert CameraScanner(FakeCapture([])).budget == 0.0
    video = tmp_path / "v.avi"
    video.write_bytes(b"")
    assert CameraScanner(str(video)).budget == 0.0
    from recognition.camera import BUDGET
    assert CameraScanner(0).budget == BUDGET and CameraScanner("/dev/video0").budget == BUDGET


def test_budget_skipped_frames_never_count_towards_an_acceptance():
    # a card read on every frame: with two of three frames skipped, the acceptance still needs
    # CLEAR_FRAMES frames read, each with its checks (it only comes later)
    from recognition.camera import CLEAR_FRAMES
    cap, sc, out = _budget_scan([0.012], n=60, readings=[_r("spade", 7, 0.99)] * 60, budget=0.15, qr_every=1)
    states = [st.state for st in out]
    assert states.index("accepted") == CLEAR_FRAMES - 1
    assert cap.reads + cap.grabs >= 3 * CLEAR_FRAMES - 2  # later in the stream than without skipping
    # a reading with a note (a second card) on a frame read holds the acceptance off as before
    seq = [_r("spade", 7, 0.99)] * 5 + [Reading("spade", 7, 0.99, False, note="two cards in view")] + \
        [_r("spade", 7, 0.99)] * 54
    _, _, out = _budget_scan([0.012], n=60, readings=seq, budget=0.15, qr_every=1)
    assert all(st.state != "accepted" for st in out)


class _CostlyFrames:
    """Plays frames; each read() advances clock by cost (a slow machine), grab() by nothing."""

    def __init__(self, frames, clock, cost):
        self.frames, self.clock, self.cost = list(frames), clock, cost
        self.grabs = 0

    def read(self):
        if not self.frames:
            return False, None
        self.clock.t += self.cost
        return True, self.frames.pop(0)

    def grab(self):
        if not self.frames:
            return False
        self.frames.pop(0)
        self.grabs += 1
        return True

    def release(self):
        pass


def _video_states(frames):
    """States of a CameraScanner with the budget on a machine where a read costs 8 ms (about
    two frames in five are grabbed unread), over frames."""
    clock = _Clock()
    cap = _CostlyFrames(frames, clock, 0.008)
    states = []
    with pytest.raises(CameraError):
        for st in CameraScanner(cap, max_bad_frames=1, budget=0.14, clock=clock):
            states.append((st.state, st.text))
    assert cap.grabs >= len(frames) // 3  # frames were skipped
    return states


@pytest.mark.parametrize("kind", ["close"])
def test_budget_a_second_card_entering_the_view_still_blocks_the_acceptance(kind):
    """Rendered video (card_images.scenes.pair_video): one card alone for 14 frames, then a
    second card beside it; with frames skipped, nothing is accepted, and the note says why.
    The same card alone all along is accepted (the test can fail)."""
    from card_images import scenes
    rng = lambda: np.random.default_rng(49_000_000 + scenes.PAIR_KINDS.index(kind))  # noqa: E731
    entering = _video_states(scenes.pair_video(rng(), kind, 40, enter=14))
    assert all(s != "accepted" for s, _ in entering), entering
    assert any("cards in view" in t for _, t in entering)
    alone = _video_states(scenes.pair_video(rng(), kind, 40, enter=40))
    assert any(s == "accepted" for s, _ in alone), alone


def test_read_label_near_a_card_outlined_in_the_frame_before():
    """The QR frame after an index frame: the label is read around the card outlined there
    (the card moved by a few px since), and not when the outline given lies elsewhere."""
    import cv2

    from recognition.labels import LabelEntry, qr_image
    from recognition.reader import read_frame, read_label

    e = LabelEntry("duel-club-1", "duel", "club", 1, "决斗", "Duel")
    q = np.array(qr_image(e, 330).convert("RGB"))[:, :, ::-1]
    img = synth_photo(1, "club", np.random.default_rng(77), tilt=0.02, card_scale=(0.7, 0.75),
                      overlay=q, low_light=False).image
    r = read_frame(img, qr_mode="off")
    assert r.suit is not None and r.quad is not None
    nxt = cv2.warpAffine(img, np.float32([[1, 0, 4], [0, 1, -3]]), (img.shape[1], img.shape[0]),
                         borderMode=cv2.BORDER_REFLECT)
    lab = read_label(nxt, 0, near=r.quad)
    assert lab is not None and (lab.source, lab.suit, lab.rank) == ("qr", "club", 1) and lab.accepted
    x0, x1 = float(r.quad[:, 0].max()) + 20, img.shape[1] - 5.0  # a box beside the card, off it
    assert x1 - x0 >= 360  # a card's size: the label would fit in it
    elsewhere = np.float32([[x0, 50], [x1, 50], [x1, img.shape[0] - 50], [x0, img.shape[0] - 50]])
    assert read_label(nxt, 0, near=elsewhere) is None


def test_scanner_qr_frame_after_an_index_frame_searches_near_its_card():
    import recognition.camera as camera

    quad = np.float32([[100, 100], [400, 100], [400, 520], [100, 520]])
    card = Reading("spade", 7, 0.99, True, quad=quad)
    nothing = Reading(None, None, 0.0, False)
    index = iter([card, card, nothing, nothing, card, card, card])
    calls = []

    def fake_label(frame, qr_part=None, near=None):
        calls.append(near)
        return None

    mp = pytest.MonkeyPatch()
    mp.setattr(camera, "read_frame", lambda frame, threshold, **k: next(index))
    mp.setattr(camera, "read_label", fake_label)
    frame = np.zeros((80, 80, 3), np.uint8)
    try:
        with pytest.raises(CameraError):
            for _ in CameraScanner(FakeCapture([(True, frame)] * 10), max_bad_frames=1, clear_frames=0):
                pass
    finally:
        mp.undo()
    # QR frames 1, 4, 7, 10: none before, the card of index frame 3, none after frame 6 read nothing
    assert len(calls) == 4 and calls[0] is None and calls[1] is quad and calls[2] is None and calls[3] is quad
