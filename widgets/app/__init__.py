"""The dashboard and its server: the page, the settings form, visits, and starting Voilà (``vandatta dashboard``)."""
