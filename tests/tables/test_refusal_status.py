"""Every refusal that asks a visitor to wait has one status wherever it happens — 429, or 503
when the server cannot keep anything just now — on the tables', the class questions' and the
classes' API alike (the classes' slowed guessing answered 400 before)."""

from __future__ import annotations

import pytest

from vandatta_widgets.base.i18n import UI
from vandatta_widgets.server.table_handlers import REFUSAL_STATUS

WAIT = ("_slow_down", "_too_many", "_too_many_yours", "_full")


@pytest.mark.parametrize("key", [k for k in UI if k[:3] in ("tb_", "cl_", "kl_") and k.endswith(WAIT)])
def test_a_refusal_that_asks_to_wait_is_a_429(key):
    assert REFUSAL_STATUS.get(key) == 429


def test_a_store_that_cannot_write_is_the_servers_trouble():
    assert REFUSAL_STATUS["tb_not_saved"] == 503
    assert set(REFUSAL_STATUS.values()) == {429, 503}
