"""Lessons: each game taught on stacked decks against scripted opponents, driving the real
engine so that the rules shown are the rules played.

- :mod:`bot.learning.model` — a lesson as data (deck, seats, variant, steps);
- :mod:`bot.learning.walk` — the engine driven through a lesson (pure);
- :mod:`bot.learning.catalog` — every registered game's lessons (``Game.lessons``; a
  game's own lessons live in its package, ``bot/games/<family>/lessons``);
- :mod:`bot.learning.puzzles` — positions to solve, cut from computer games.

The Discord side is ``cogs/lessons/screens.py`` and ``cogs/lessons/cog.py``; progress is stored
by ``storage.lessons``."""
