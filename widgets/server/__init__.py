"""What the server keeps for classes (issue 42): one store (:mod:`vandatta_widgets.server.db`, SQLAlchemy
Core with Alembic migrations; SQLite by default, PostgreSQL for a hub), the class model
(:mod:`vandatta_widgets.server.classes`, no tornado in it) and its HTTP API
(:mod:`vandatta_widgets.server.handlers`)."""
