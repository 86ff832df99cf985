"""What the server keeps for classes (issue 42): one store (:mod:`widgets.server.db`, SQLAlchemy
Core with Alembic migrations; SQLite by default, PostgreSQL for a hub), the class model
(:mod:`widgets.server.classes`, no tornado in it) and its HTTP API
(:mod:`widgets.server.handlers`)."""
