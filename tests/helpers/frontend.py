"""What a browser may send to a widget, delivered through public APIs only: a change of a
trait as its observers receive it (whatever the trait's own checks would allow), and a custom
message through the widget's comm."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from traitlets import Bunch


def deliver_change(widget, name: str, new: object) -> None:
    """Call the observers of ``widget.name`` with a change to ``new`` — what a hostile or
    buggy front end could bring about past the trait's own validation."""
    widget.notify_change(Bunch(name=name, old=getattr(widget, name), new=new, owner=widget, type="change"))


def send_custom(widget, content: object, buffers: list | tuple = ()) -> None:
    """A custom message from the front end, as the kernel hands it to the widget's comm."""
    widget.comm.handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": list(buffers)}
    )


@contextmanager
def unoffered(widget, value: object) -> Iterator[None]:
    """While in the block, a selection widget (dropdown, toggle buttons …) holds a value it
    does not offer, as a tampered page could make it, so its observers have seen it; the
    widget is put back as it was after the block."""
    offered, before = widget.options, widget.value
    widget.options = [*offered, (str(value), value)]
    widget.value = value
    try:
        yield
    finally:
        widget.options = offered  # (resets the value: put it back after)
        widget.value = before
