"""Tables for people on different devices: one authoritative game per table on the server,
decided by the engine; each page gets only what its seat may see.

- :mod:`~vandatta_widgets.tables.codes` — table codes a child can type, seat tokens, the rate limit;
- :mod:`~vandatta_widgets.tables.store` — the SQLite file that keeps every table through a restart;
- :mod:`~vandatta_widgets.tables.table` — one table: seats, tokens, the game (a
  :class:`vandatta_widgets.play.session.PlaySession`), what each seat sees;
- :mod:`~vandatta_widgets.tables.rooms` — what every kind of room's service shares: codes, limits, the
  store, expiry, the pages connected;
- :mod:`~vandatta_widgets.tables.service` — all the tables of a server, the computers' pace, seats
  covered while their person is away;
- :mod:`~vandatta_widgets.tables.poll` — one class answering from their own devices, and
  :mod:`~vandatta_widgets.tables.poll_service` every class on a server;
- :mod:`~vandatta_widgets.tables.handlers` — the tornado handlers in the dashboard's own Voilà server
  (``vandatta dashboard`` starts nothing more), and the page (``client.js``, ``client.css``);
- :mod:`~vandatta_widgets.tables.hub` — the same as a JupyterHub managed service for a school.

Nothing here imports a kernel or a widget's front end: the tables run in the server process.
"""
