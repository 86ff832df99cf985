"""The ipywidgets/anywidget user interface of Vändåtta, built on the engine in `vandatta`."""
