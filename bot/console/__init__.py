"""The console: ``python -m bot play`` (:mod:`bot.console.play`, a game in the terminal
against computer players, its list of moves in :mod:`bot.console.moves`) and
``python -m bot simulate`` (:mod:`bot.console.simulate`, computer players against each
other). Nothing here imports Discord or storage."""
