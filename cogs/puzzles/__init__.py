"""The puzzles feature: ``/puzzle`` (:mod:`cogs.puzzles.cog`: the command, its move
buttons and their answers). Finding a puzzle and judging a move is
:mod:`bot.learning.puzzles` (pure: no Discord, no storage)."""
