"""One package per game: its rules, vocabulary, keywords and card model fields."""
