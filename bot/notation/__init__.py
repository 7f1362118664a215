"""People's notation: seats by name or by number from 1, a move's words in the reader's
language, cards as people type them. :mod:`bot.notation.seat_words` reads what a person
typed into the engine's notation and writes a move as people type it;
:mod:`bot.notation.action_words` puts a move's words in the reader's language and back.
Neither holds a game's words: each game's look declares them
(:class:`bot.notation.move_words.MoveWords`) and they are handed over. Used by ``/move``,
the console, hints and reviews; nothing here reaches the service, storage or Discord."""
