"""The lessons' parts: the exercises, quizzes, puzzles and the playing styles of lesson 11."""
