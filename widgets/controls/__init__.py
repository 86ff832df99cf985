"""The controls the screens are built from: hands, piles, the move list, navigation, uploads, exports, charts and the score board."""
