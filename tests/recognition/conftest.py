import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # card_images/ (renderer) is not an installed package

REAL_DIR = REPO.parent / "shared" / "datasets" / "real_cards_dev"


@pytest.fixture(scope="session")
def real_dir():
    if not (REAL_DIR / "labels.csv").exists():
        pytest.skip(f"real card photos not found at {REAL_DIR} (kept outside the repo, no licence)")
    return REAL_DIR
