import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # card_images/ (renderer) is not an installed package

import os  # noqa: E402

# the team's shared folder (not in the repository): ../shared next to the clone, or $COMPANION_SHARED
SHARED = Path(os.environ.get("COMPANION_SHARED") or REPO.parent / "shared")
REAL_DIR = SHARED / "datasets" / "real_cards_dev"


@pytest.fixture(scope="session")
def real_dir():
    if not (REAL_DIR / "labels.csv").exists():
        pytest.skip(f"real card photos not found at {REAL_DIR} (kept outside the repo, no licence; "
                    "set COMPANION_SHARED to the shared folder)")
    return REAL_DIR
