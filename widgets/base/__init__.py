"""The screens' shared base: the language trait, the guard that turns an error into a message, the styles and the UI's catalog of words."""
