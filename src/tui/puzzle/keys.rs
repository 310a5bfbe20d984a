//! The keys every tab's puzzles share (hints, next or skip, the solution,
//! the aim, runs, themes, the dashboard, the lesson), after the tab's own
//! answer keys.

/// The keys of every puzzle mode, after the tab's own answer keys: the
/// table a tab uses while it shows a puzzle.
macro_rules! puzzle_keys {
    [$wrap:path; $($answers:tt)*] => {
        $crate::tui::keymap::keys![
            $($answers)*
            [$crate::tui::keymap::ch('t')] "t" "a hint, in three steps (the last shows the answer; none in a run)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Hint), when $crate::tui::keymap::When::HINTS, footer "hint";
            [$crate::tui::keymap::ch('n')] "n" "run: skip this puzzle (in a streak run that shows its answer and ends the run; in a timed run it costs the time it took)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Next), when $crate::tui::keymap::When::RUN, footer "skip";
            [$crate::tui::keymap::ch('n')] "n" "puzzle: the next one, near your rating (skipping ends the streak)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Next), when $crate::tui::keymap::When::OUTSIDE_RUNS, footer "next";
            [$crate::tui::keymap::ch('n')] "n" "lesson: the next step (or skip this one)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Next), when $crate::tui::keymap::When::LESSON, footer "next";
            [$crate::tui::keymap::ch('P'), $crate::tui::keymap::key(crossterm::event::KeyCode::Esc)] "P/Esc" "leave the puzzles or the lesson: back to the tab as it was"
                => $wrap($crate::tui::puzzle::PuzzleAction::Leave), group "Esc" "leave";
            [$crate::tui::keymap::ch('p')] "p" "puzzle: the solution, as the perfect line (ends the streak)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Solution), when $crate::tui::keymap::When::OUTSIDE_LESSONS, footer "solution";
            [$crate::tui::keymap::ch('p')] "p" "lesson: the step's answer, shown (it counts for nothing)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Solution), when $crate::tui::keymap::When::LESSON;
            [$crate::tui::keymap::ch('+'), $crate::tui::keymap::ch('=')] "+" "puzzle: harder ones (aim 200 higher than your rating), and one now"
                => $wrap($crate::tui::puzzle::PuzzleAction::Aim(1)), when $crate::tui::keymap::When::OUTSIDE_RUNS, group "+/-" "harder/easier";
            [$crate::tui::keymap::ch('-')] "-" "puzzle: easier ones (aim 200 lower), and one now"
                => $wrap($crate::tui::puzzle::PuzzleAction::Aim(-1)), when $crate::tui::keymap::When::OUTSIDE_RUNS;
            [$crate::tui::keymap::ch('S')] "S" "puzzle: a streak run (harder and harder; one mistake ends it)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Run($crate::tui::puzzle::RunKind::Streak)), when $crate::tui::keymap::When::OUTSIDE_LESSONS, group "S/T" "runs";
            [$crate::tui::keymap::ch('T')] "T" "puzzle: a timed run (3 minutes; a mistake costs 10 s)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Run($crate::tui::puzzle::RunKind::Timed)), when $crate::tui::keymap::When::OUTSIDE_LESSONS;
            [$crate::tui::keymap::ch('f')] "f" "puzzle: practise one theme (fork, block…): f again for the next, after the last every theme again"
                => $wrap($crate::tui::puzzle::PuzzleAction::Theme), when $crate::tui::keymap::When::OUTSIDE_RUNS, footer "theme";
            [$crate::tui::keymap::ch('D')] "D" "your puzzle dashboard: the rating over time, themes weakest first, best runs, the missed puzzles to play again"
                => $wrap($crate::tui::puzzle::PuzzleAction::Dashboard), when $crate::tui::keymap::When::OUTSIDE_LESSONS, footer "dashboard";
            [$crate::tui::keymap::ch('L')] "L" "the tab's lesson, from its first step (it counts for nothing in your rating)"
                => $wrap($crate::tui::puzzle::PuzzleAction::Lesson);
        ]
    };
}
pub(crate) use puzzle_keys;
