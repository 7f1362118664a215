"""The test tiers. ``pytest`` runs every test (CI, and before a push); ``pytest -m "not
slow"`` is the inner loop, under 90 s on two cores. A test is slow when it carries
``@pytest.mark.slow`` or is named here (the tests conftest, and bench/tests/conftest.py for
bench's own tests, mark them as they collect):
whole games under SimCord, property runs of many games, real subprocesses and crashes,
Chromium screenshots, the PostgreSQL side of the storage tests, catalog scans of the
whole tree, and the benchmark and research smoke runs. A file named alone is slow whole.

Name a test here when it takes a second or more on an idle machine; the house rules
(``tests/test_house.py``) check that every name still exists.
"""

from __future__ import annotations

import re

SLOW: tuple[str, ...] = (
    # Chromium screenshots of SimCord's preview
    "tests/render/test_phone_budget.py",
    "tests/render/test_preview.py",
    "tests/i18n/test_screenshots.py",
    # real subprocesses: the bot's command line, crashes, locks held by another process
    "tests/test_main.py",
    "tests/test_crash_recovery.py",
    "tests/test_start_faults.py",
    "tests/test_offline.py::test_play_subcommand_runs_from_the_command_line",
    "tests/storage/test_busy.py",
    "tests/storage/test_database.py::test_processes_starting_together_migrate_once",
    "tests/cogs/test_command_errors.py::test_play_on_a_locked_database_answers_busy",
    "tests/cogs/test_command_errors.py::test_table_commands_on_a_locked_database_answer_busy",
    "tests/cogs/test_command_errors.py::"
    "test_a_database_locked_by_another_process_costs_no_interaction_its_3_s",
    # PostgreSQL restarts and upgrades (every test's postgres parameter is slow too)
    "tests/cogs/test_postgres_restart.py",
    "tests/storage/test_migrations_upgrade.py::test_upgrade_from_older_version",
    # whole games and long sessions driven through SimCord
    "tests/cogs/test_monkey.py",
    "tests/cogs/test_play_soi.py",
    "tests/cogs/test_play_coop.py",
    "tests/cogs/test_play_turup.py",
    "tests/cogs/test_two_taps.py",
    "tests/cogs/test_long_game.py",
    "tests/cogs/test_games_within_limits.py",
    "tests/cogs/test_table_news.py::test_a_whole_game_tells_turns_rounds_and_the_end",
    "tests/cogs/test_table_news.py::test_rematch_keeps_the_old_seat_order",
    "tests/cogs/test_hints.py::test_a_hinted_game_is_not_rated",
    "tests/cogs/test_restart.py::test_game_finishes_on_buttons_from_before_restart",
    "tests/cogs/test_restart.py::test_deadline_passed_while_down_fires_at_once",
    "tests/cogs/test_review.py::test_moves_a_computer_made_for_a_timed_out_player_are_not_reviewed",
    "tests/cogs/test_review.py::test_review_lists_better_moves_privately_and_hides_what_others_hid",
    "tests/cogs/test_table_commands.py::test_buttons_work_after_restart",
    "tests/cogs/test_quiet_draw.py::test_quiet_is_decided_from_public_facts_only",
    "tests/cogs/test_images_discord.py::test_last_round_button_shows_the_scored_round_to_anyone",
    "tests/i18n/test_languages_under_simcord.py",
    "tests/i18n/test_command_locales.py::test_synced_commands_carry_arabic_and_greek",
    "tests/render/test_hostile_names.py::test_hostile_names_in_every_public_message",
    "tests/discord/test_forbidden_table.py",
    "tests/discord/test_forged_clicks.py::test_an_after_game_click_from_elsewhere_is_refused",
    "tests/discord/test_forged_clicks.py::test_malformed_custom_ids_are_answered_out_of_date",
    "tests/discord/test_forged_clicks.py::"
    "test_a_storage_error_in_a_lobby_button_gets_a_specific_answer",
    "tests/tables/test_concurrency.py::test_quick_double_clicks_through_discord",
    "tests/discord/test_faults.py::test_failed_table_edit_is_retried",
    "tests/discord/test_faults.py::test_failed_dm_never_blocks_the_table",
    "tests/discord/test_faults.py::test_failed_token_edit_falls_back_to_a_channel_edit",
    "tests/tables/test_background_faults.py::test_computer_move_survives_a_locked_database",
    "tests/tables/test_background_faults.py::test_result_survives_failed_writes",
    "tests/tables/test_background_faults.py::test_turn_timer_fires_again_after_a_failed_write",
    "bench/tests/test_capacity.py::test_a_short_load_run_accounts_for_every_click_and_request",
    "bench/tests/test_capacity.py::test_the_floor_run_plays_the_same_with_no_picture",
    "bench/tests/test_request_budget.py",
    # property runs: many games, brute force, the hard player's search
    "tests/games/test_turup_play.py::test_random_games_keep_every_invariant",
    "tests/games/test_soi_properties.py::test_random_play_properties",
    "tests/games/test_coop_properties.py::test_soureh_random_games",
    "tests/games/test_coop_properties.py::test_many_default_soureh_games_end",
    "tests/games/test_coop_properties.py::test_pariah_random_games",
    "tests/games/test_turup_somali.py::test_computer_players_finish_a_somali_game",
    "tests/games/test_turup_capture.py::test_captures_match_brute_force",
    "tests/games/test_turup_engine.py::test_legal_actions_shrink_past_a_thousand_options",
    "tests/games/test_information_rule.py::test_soi_flow_tells_nothing_hidden",
    "tests/games/ai/test_players.py",
    "tests/games/ai/test_search_eval.py::test_hard_player_is_reproducible_with_a_seed",
    "tests/games/ai/test_soi_hard.py",
    "tests/games/ai/test_review.py",
    "tests/games/ai/test_hint.py::test_hint_is_legal_and_says_why",
    "tests/games/ai/test_hint.py::test_redealing_hidden_cards_leaves_the_hint_unchanged",
    "tests/games/ai/test_turup_belief.py::test_a_trail_makes_the_hands_that_would_have_taken_unlikely",
    "tests/games/test_languages.py::test_every_event_of_a_whole_game_goes_through_the_catalogs",
    "tests/test_simulate.py::test_same_seed_same_results",
    "tests/test_simulate.py::test_round_robin_rates_the_winner_higher",
    "bench/tests/test_soureh_minimal.py::"
    "test_random_play_takes_the_same_actions_per_turn_as_the_engine",
    "tests/cogs/test_stats_full_game.py",
    # scans of every text in every language and of the whole tree
    "tests/i18n/test_catalogs.py",
    "tests/i18n/test_no_english_left.py",
    "tests/render/test_languages.py",
    "tests/render/test_action_words.py::test_move_words_map_back_to_notation",
    "tests/render/test_wording.py::test_players_are_they_in_every_text_a_player_reads",
    # the benchmarks' harness runs whole load runs (the smoke runs are marked in their files)
    "bench/tests/test_run.py::test_quick_run_writes_no_file_unless_asked",
    # the tenth session's additions: lessons and puzzles, notation, text mode, names, process
    # stops, fencing, metrics and the wheel
    "tests/cogs/test_learn_screens.py",
    "tests/cogs/test_learn.py::test_every_lesson_in_each_language",
    "tests/cogs/test_puzzle.py",
    "tests/learning/test_puzzles.py",
    "tests/cogs/test_notation.py",
    "tests/cogs/test_text_mode.py",
    "tests/cogs/test_names_are_data.py",
    "tests/cogs/test_names_everywhere.py::"
    "test_every_text_of_a_whole_game_shows_each_name_safely_once",
    "tests/cogs/test_alt_text_discord.py",
    "tests/cogs/test_hint_saving.py",
    "tests/render/test_alt_text.py",
    "tests/test_command_sync.py::test_two_starts_sync_once_and_sync_forces",
    "tests/test_packaging.py",
    "tests/test_stop.py",
    "tests/test_lost_shards.py",
    "tests/test_metrics.py",
    "tests/storage/test_outage_log.py",
    "tests/storage/test_fencing.py",
    "tests/discord/test_click_errors.py::test_a_forged_review_page_of_a_finished_game_is_out_of_date",
    "tests/games/ai/test_hint_fresh.py",
    "tests/render/test_panel_phone.py",
)

_PARAMS = re.compile(r"[\[\]\-]")


def is_slow(nodeid: str) -> bool:
    """Whether the test ``nodeid`` (``path::name[params]``) is named in :data:`SLOW` or runs
    on the PostgreSQL backend (a parameter ``postgres``)."""
    path, _, rest = nodeid.partition("::")
    name, _, params = rest.partition("[")
    if "postgres" in _PARAMS.split(params):
        return True
    return path in SLOW or f"{path}::{name}" in SLOW
