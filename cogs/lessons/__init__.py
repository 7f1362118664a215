"""The lessons feature: ``/learn`` (:mod:`cogs.lessons.cog`, its routed components), a
lesson's step as the game's own control panel (:mod:`cogs.lessons.panel`) and the screens
around it (:mod:`cogs.lessons.screens`: the lesson line, the end's summary and controls).
The lessons themselves (data over the real engine) are each game's ``lessons``, walked by
:mod:`bot.learning`."""
