"""The server, on top of the UI's levels: everything that listens on a port or keeps a file.

- the dashboard's own server: :mod:`~vandatta_widgets.server.voila_server` (Voilà with a
  classroom's needs, its page template in ``share/``) and the ``vandatta dashboard`` command that
  starts it as a child process, :mod:`~vandatta_widgets.server.serve`;
- the school's JupyterHub service: :mod:`~vandatta_widgets.server.hub`;
- the tornado handlers: the tables' (:mod:`~vandatta_widgets.server.table_handlers`), the class
  answering (:mod:`~vandatta_widgets.server.poll_handlers`), the class's API and join page
  (:mod:`~vandatta_widgets.server.handlers`, :mod:`~vandatta_widgets.server.join`) and the teacher's
  page (:mod:`~vandatta_widgets.server.teacher`);
- the stores: the rooms' SQLite file (:mod:`~vandatta_widgets.server.table_store`), the classes'
  database (:mod:`~vandatta_widgets.server.db`, SQLAlchemy Core with Alembic migrations; SQLite by
  default, PostgreSQL for a hub) and the rooms in it (:mod:`~vandatta_widgets.server.rooms`);
- the class model, :mod:`~vandatta_widgets.server.classes` (no tornado in it).

The rooms themselves (tables, the class's questions) are models one level below, in
:mod:`vandatta_widgets.tables`; the server hosts them.
"""
