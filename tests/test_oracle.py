"""The exhaustive oracle: every hand and crib count over all 12,994,800 cases."""

from __future__ import annotations

import pytest

from cribbage.scoring import enumerate_show_scores

from .support import reference


@pytest.mark.slow
def test_every_show_score_matches_the_exhaustive_distributions() -> None:
    hand, crib = enumerate_show_scores()
    for counts, name in ((hand, "hand_distribution.json"), (crib, "crib_distribution.json")):
        expected = reference(name)
        assert sum(counts) == expected["total"] == 12_994_800
        assert counts == [expected["counts"][str(score)] for score in range(30)]
        assert sum(score * n for score, n in enumerate(counts)) == expected["points_sum"]
