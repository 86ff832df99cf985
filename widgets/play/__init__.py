"""Playing a round or a match: the play session (no widgets) and the play table, its view."""
