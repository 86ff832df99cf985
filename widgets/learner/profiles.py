"""Several children on one device: a profile each, with a name and a picture.

>>> p = Profile.new("Alva", "fox", profile_id="a1", created=0)
>>> p
Profile(id='a1', name='Alva', picture='fox', created=0)
>>> Profile.new("  ", "fox")
Traceback (most recent call last):
...
vandatta_widgets.learner.profiles.ProfileError: Write a name.
>>> try:
...     Profile.new("Bo", "dragon")
... except ProfileError as error:
...     print(error.text("sv"))
Välj en av bilderna.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass

from ..base.problem import Problem

__all__ = ["PICTURES", "NAME_LIMIT", "PROFILE_LIMIT", "Profile", "ProfileError", "check_name"]

# The pictures a child picks from (the UI draws each; here they are only names).
PICTURES = ("fox", "owl", "cat", "bear", "frog", "rabbit", "hedgehog", "moose", "seal", "bee", "fish", "bird")
NAME_LIMIT = 20
# A family tablet, or a classroom's shared one.
PROFILE_LIMIT = 40


class ProfileError(Problem):
    """A name or picture that cannot be used, or a profile that is not there (a
    :class:`~vandatta_widgets.base.problem.Problem`: its ``key`` says it in either language)."""


def check_name(name: object) -> str:
    """``name`` tidied (spaces trimmed, control characters refused): at most
    :data:`NAME_LIMIT` characters, not empty."""
    if not isinstance(name, str):
        raise ProfileError("lr_name_empty")
    name = " ".join(name.split())
    if not name or any(unicodedata.category(c).startswith("C") for c in name):
        raise ProfileError("lr_name_empty")
    if len(name) > NAME_LIMIT:
        raise ProfileError("lr_name_long", n=NAME_LIMIT)
    return name


@dataclass(frozen=True, slots=True)
class Profile:
    """One child on this device: an ``id`` that never changes (it names the child's events'
    storage), a ``name`` and a ``picture`` (one of :data:`PICTURES`), ``created`` (seconds
    since 1970, UTC)."""

    id: str
    name: str
    picture: str
    created: int

    @classmethod
    def new(
        cls, name: str, picture: str, *, profile_id: str | None = None, created: int | None = None
    ) -> Profile:
        if picture not in PICTURES:
            raise ProfileError("lr_picture_unknown")
        return cls(
            profile_id or secrets.token_hex(4),
            check_name(name),
            picture,
            int(time.time()) if created is None else created,
        )

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "picture": self.picture, "created": self.created}

    @classmethod
    def from_json(cls, data: object) -> Profile:
        """Read a profile; ``ValueError`` for any field of the wrong shape."""
        if not isinstance(data, dict):
            raise ValueError("a profile is an object")
        pid, created = data.get("id"), data.get("created")
        if not isinstance(pid, str) or not pid.isalnum() or len(pid) > 32:
            raise ValueError("a profile's 'id' must be letters and digits")
        if not isinstance(created, int) or isinstance(created, bool) or created < 0:
            raise ValueError("a profile's 'created' must be a whole number")
        try:
            return cls.new(str(data.get("name")), str(data.get("picture")), profile_id=pid, created=created)
        except ProfileError as error:
            raise ValueError(str(error)) from None
