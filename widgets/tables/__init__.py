"""Tables for people on different devices: one authoritative game per table on the server,
decided by the engine; each page gets only what its seat may see. The model and its widgets:
no tornado, no store here (the server keeps those, :mod:`vandatta_widgets.server`).

- :mod:`~vandatta_widgets.tables.codes` — table codes a child can type, seat tokens, the rate limit;
- :mod:`~vandatta_widgets.tables.table` — one table: seats, tokens, the game (a
  :class:`vandatta_widgets.play.session.PlaySession`), what each seat sees;
- :mod:`~vandatta_widgets.tables.rooms` — what every kind of room's service shares: codes, limits, the
  store it is given, expiry, the pages connected;
- :mod:`~vandatta_widgets.tables.service` — all the tables of a server, the computers' pace, seats
  covered while their person is away;
- :mod:`~vandatta_widgets.tables.poll` — one class answering from their own devices, and
  :mod:`~vandatta_widgets.tables.poll_service` every class on a server;
- :mod:`~vandatta_widgets.tables.flow` and :mod:`~vandatta_widgets.tables.thinking` — how fast a page
  may send, and the computers' thinking off the server's loop;
- :mod:`~vandatta_widgets.tables.page` — the pages' words and HTML shell, and their front ends
  (``client.js``, ``poll.js``, ``shared.js`` and their stylesheets), which the server sends and the
  dashboard's tabs (:mod:`~vandatta_widgets.tables.tab`, :mod:`~vandatta_widgets.tables.poll_tab`) mount.

Nothing here imports a kernel or a widget's front end but the two tabs: the tables run in the
server process (:mod:`vandatta_widgets.server.table_handlers`, :mod:`vandatta_widgets.server.hub`).
"""
