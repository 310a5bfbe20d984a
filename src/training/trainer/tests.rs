//! The puzzle record: streaks, ratings, the lock, what is read back.
use super::*;

use crate::solver::puzzle::PuzzleId;

// The record is the same for every game: the tests take the first and the
// last of the list as their examples.
const GAME: PuzzleGame = PuzzleGame::ALL[0];
const OTHER: PuzzleGame = PuzzleGame::ALL[PuzzleGame::ALL.len() - 1];

/// The file `game`'s record is kept in, and its name set aside with `tail`.
fn record_file(game: PuzzleGame, tail: &str) -> String {
    let word = crate::notation::puzzle::game_word(game);
    format!("puzzles-{word}.json{tail}")
}

fn id() -> PuzzleId {
    PuzzleId {
        game: GAME,
        level: 1,
        seed: 7,
    }
}

#[test]
fn a_clean_solve_grows_the_streak_and_a_slip_ends_it() {
    const SOLVES: u32 = 3;
    let mut trainer = Trainer::in_memory(GAME);
    for k in 1..=SOLVES {
        let mut attempt = Attempt::new(id());
        trainer.solved(&mut attempt);
        assert_eq!(trainer.progress().streak, k);
    }
    // Skipping a solved puzzle, or one only looked at, costs nothing;
    // skipping one after a hint ends the streak.
    let done = Attempt {
        standing: Standing::Solved,
        ..Attempt::new(id())
    };
    trainer.skipped(&done);
    assert_eq!(trainer.progress().streak, SOLVES);
    trainer.skipped(&Attempt::new(id()));
    assert_eq!(trainer.progress().streak, SOLVES, "a glance is free");
    // A solve after a hint holds the streak: it counts unaided solves.
    let mut helped = Attempt::new(id());
    trainer.hint(&mut helped).unwrap();
    let words = trainer.solved(&mut helped);
    assert_eq!(trainer.progress().streak, SOLVES, "{words}");
    assert_eq!(words, format!("solved after a hint: streak stays {SOLVES}"));
    let mut hinted = Attempt::new(id());
    trainer.hint(&mut hinted).unwrap();
    trainer.skipped(&hinted);
    assert_eq!(trainer.progress().streak, 0);
    let mut again = Attempt::new(id());
    trainer.solved(&mut again);
    let mut slip = Attempt::new(id());
    trainer.wrong(&mut slip);
    assert_eq!(trainer.progress().streak, 0);
    // Said in plain words: solved, yet a miss because of the wrong answer
    // (round 20 puzzled over "solved, after a slip (counted as a miss)").
    let said = trainer.solved(&mut slip);
    assert!(
        said.contains("the wrong answer before it makes this a miss") && said.contains("streak 0"),
        "{said}"
    );
    assert_eq!(trainer.progress().streak, 0, "a slip earns no streak");
    assert_eq!(trainer.progress().best, SOLVES);
    // The slip is a miss, as the dashboard counts it, not one more solved.
    assert_eq!(trainer.progress().solved, SOLVES + 2);
    let mut shown = Attempt::new(id());
    for _ in 0..HINT_STEPS {
        trainer.hint(&mut shown).unwrap();
    }
    assert_eq!(shown.standing, Standing::GivenUp);
    assert!(trainer.hint(&mut shown).is_err());
}

#[test]
fn a_lessons_step_moves_nothing_in_the_record() {
    let mut trainer = Trainer::in_memory(GAME);
    let mut counted = Attempt::new(id());
    trainer.solved(&mut counted);
    let before = trainer.progress();
    assert_eq!(before.streak, 1);
    let rated = |rating| Attempt {
        rating,
        practice: true,
        ..Attempt::new(id())
    };
    // Every way a step can go: wrong, hinted to the end, solved after a
    // slip, skipped after a hint, given up.
    let mut slip = rated(1500);
    trainer.wrong(&mut slip);
    assert_eq!(slip.wrong, 1);
    assert_eq!(trainer.solved(&mut slip), "done");
    assert_eq!(slip.standing, Standing::Solved);
    let mut hinted = rated(1500);
    for _ in 0..HINT_STEPS {
        trainer.hint(&mut hinted).unwrap();
    }
    assert_eq!(hinted.standing, Standing::GivenUp);
    let mut skipped = rated(1500);
    trainer.hint(&mut skipped).unwrap();
    trainer.skipped(&skipped);
    let mut shown = rated(1500);
    trainer.given_up(&mut shown);
    assert_eq!(shown.standing, Standing::GivenUp);
    assert_eq!(trainer.progress(), before, "a lesson counts for nothing");
    assert_eq!(trainer.change, None);
}

#[test]
fn the_rating_rises_on_a_clean_solve_and_falls_on_a_slip_once_a_puzzle() {
    let rated = |rating| Attempt {
        rating,
        ..Attempt::new(id())
    };
    let mut trainer = Trainer::in_memory(GAME);
    let start = trainer.progress().rating;
    assert_eq!(start.rating, 1500.0);
    trainer.solved(&mut rated(1500));
    let after_win = trainer.progress().rating;
    assert!(after_win.rating > 1500.0 && after_win.deviation < start.deviation);
    assert_eq!(
        trainer.change,
        Some((after_win.rating - 1500.0).round() as i32)
    );
    // A slip loses once, whatever follows on that puzzle.
    let mut slip = rated(1500);
    trainer.wrong(&mut slip);
    let after_loss = trainer.progress().rating.rating;
    assert!(after_loss < after_win.rating);
    trainer.wrong(&mut slip);
    trainer.solved(&mut slip);
    assert_eq!(trainer.progress().rating.rating, after_loss);
    // Beating a harder puzzle gains more than beating an easier one.
    let mut a = Trainer::in_memory(OTHER);
    let mut b = Trainer::in_memory(OTHER);
    a.solved(&mut rated(2200));
    b.solved(&mut rated(900));
    assert!(a.progress().rating.rating > b.progress().rating.rating);
    // A puzzle given up is lost; one left open counts for nothing.
    let mut shown = Trainer::in_memory(OTHER);
    shown.given_up(&mut rated(1500));
    assert!(shown.progress().rating.rating < 1500.0);
    let mut left = Trainer::in_memory(OTHER);
    left.skipped(&rated(1500));
    assert_eq!(left.progress().rating, Rating::default());
}

#[test]
fn a_solve_after_a_hint_keeps_the_rating() {
    let rated = |rating| Attempt {
        rating,
        ..Attempt::new(id())
    };
    // A clean solve gains; one after a hint leaves the rating as it was
    // (a draw cost points against an easier puzzle: a solve never should).
    for puzzle in [900, 1500, 2200] {
        let mut clean = Trainer::in_memory(GAME);
        assert_eq!(clean.solved(&mut rated(puzzle)), "solved! streak 1");
        assert!(clean.progress().rating.rating > 1500.0);
        let mut helped = Trainer::in_memory(OTHER);
        let mut attempt = rated(puzzle);
        helped.hint(&mut attempt).unwrap();
        let words = helped.solved(&mut attempt);
        assert_eq!(
            words,
            "solved after a hint: streak stays 0, rating unchanged"
        );
        assert_eq!(helped.progress().rating, Rating::default());
        assert_eq!(helped.progress().solved, 1);
        // N&C+ starts the hint steps again at each position of a longer
        // win: the hint given earlier still keeps the solve unrated.
        let mut later = Trainer::in_memory(OTHER);
        let mut attempt = rated(puzzle);
        later.hint(&mut attempt).unwrap();
        attempt.hints = 0;
        let words = later.solved(&mut attempt);
        assert_eq!(
            words,
            "solved after a hint: streak stays 0, rating unchanged"
        );
        assert_eq!(later.progress().rating, Rating::default());
    }
}

#[test]
fn a_new_rating_is_provisional_until_puzzles_settle_it() {
    let mut trainer = Trainer::in_memory(GAME);
    assert_eq!(trainer.progress().rating.words(), "1500?");
    let mut answered = 0;
    while trainer.progress().rating.deviation > PROVISIONAL_DEVIATION {
        let mut attempt = Attempt {
            rating: 1500,
            ..Attempt::new(id())
        };
        if answered % 2 == 0 {
            trainer.solved(&mut attempt);
        } else {
            trainer.wrong(&mut attempt);
        }
        answered += 1;
        assert!(answered < 50, "the deviation shrinks with each answer");
    }
    let words = trainer.progress().rating.words();
    assert!(!words.ends_with('?'), "{words} after {answered} answers");
    assert!(answered >= 3, "a few answers at least: {answered}");
}

/// A new player who misses an eased puzzle loses at most [`MOST_SWING`]
/// (Glicko-2 alone took 423 in a newcomer's try), and the deviation still
/// shrinks; a settled rating moves as Glicko-2 says.
#[test]
fn a_provisional_rating_moves_at_most_a_swing_per_answer() {
    let mut trainer = Trainer::in_memory(GAME);
    let eased = 1500 - trainer.ease();
    let mut attempt = Attempt {
        rating: eased,
        ..Attempt::new(id())
    };
    trainer.wrong(&mut attempt);
    let after = trainer.progress().rating;
    assert_eq!(after.rating, 1500.0 - MOST_SWING);
    assert_eq!(trainer.change, Some(-(MOST_SWING as i32)));
    assert!(after.deviation < Rating::default().deviation);
    // A settled rating is Glicko-2's own: a miss moves it by less.
    let mut settled = Trainer::in_memory(OTHER);
    while settled.progress().rating.deviation > PROVISIONAL_DEVIATION {
        let mut attempt = Attempt {
            rating: 1500,
            ..Attempt::new(id())
        };
        settled.solved(&mut attempt);
    }
    let before = settled.progress().rating.rating;
    let mut attempt = Attempt {
        rating: 1500,
        ..Attempt::new(id())
    };
    settled.wrong(&mut attempt);
    let drop = before - settled.progress().rating.rating;
    assert!(drop > 0.0 && drop < MOST_SWING, "{drop}");
}

#[test]
fn a_record_of_before_ratings_reads_as_a_new_player() {
    let old = r#"{"level": 2, "streak": 1, "best": 4, "solved": 9}"#;
    let progress: Progress = serde_json::from_str(old).unwrap();
    assert_eq!(progress.rating, Rating::default());
    assert_eq!(progress.solved, 9);
}

#[test]
fn the_aim_follows_the_rating_and_stops_at_either_end() {
    let mut trainer = Trainer::in_memory(GAME);
    // A new rating's puzzles come from below it.
    let ease = trainer.ease();
    assert_eq!(ease, MOST_EASE);
    assert_eq!(trainer.aim(), 1500 - ease);
    assert_eq!(trainer.change_aim(1), Ok(AIM_STEP));
    assert_eq!(trainer.aim(), 1500 + AIM_STEP as u16 - ease);
    let steps = MOST_AIM / AIM_STEP;
    for _ in 1..steps {
        trainer.change_aim(1).unwrap();
    }
    let hardest = trainer.change_aim(1).unwrap_err();
    assert_eq!(
        hardest,
        "puzzles about 600 above your rating are the hardest offered"
    );
    for _ in 0..2 * steps {
        trainer.change_aim(-1).unwrap();
    }
    assert!(trainer.change_aim(-1).is_err());
    assert_eq!(trainer.aim(), 1500 - MOST_AIM as u16 - ease);
    // The aim moves with the rating.
    trainer.change_aim(3).unwrap();
    let mut attempt = Attempt {
        rating: 1500,
        ..Attempt::new(id())
    };
    trainer.solved(&mut attempt);
    let rating = trainer.progress().rating.rating.round() as u16;
    assert!(rating > 1500);
    // One answer settles it a little: less ease.
    assert!(trainer.ease() < ease);
    let aim = rating - trainer.ease();
    assert_eq!(trainer.aim(), aim);
    match trainer.choice() {
        Choice::Near {
            game, rating: near, ..
        } => {
            assert_eq!((game, near), (GAME, aim))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_best_runs_are_kept_and_only_rise() {
    // Every game in one folder: each keeps its own bests.
    let folder = tempfile::tempdir().unwrap();
    for (k, game) in (0u32..).zip(PuzzleGame::ALL) {
        let mut trainer = Trainer::kept_in(game, folder.path());
        trainer.run_solved(RunKind::Streak, 4 + k);
        trainer.run_solved(RunKind::Streak, 2);
        trainer.run_solved(RunKind::Timed, 7 + k);
    }
    for (k, game) in (0u32..).zip(PuzzleGame::ALL) {
        let again = Trainer::kept_in(game, folder.path());
        assert_eq!(again.best_run(RunKind::Streak), 4 + k, "{game:?}");
        assert_eq!(again.best_run(RunKind::Timed), 7 + k, "{game:?}");
        assert_eq!(again.progress().streak, 0, "runs leave the streak alone");
    }
}

#[test]
fn the_record_lasts_and_a_bad_one_is_set_aside() {
    let folder = tempfile::tempdir().unwrap();
    let mut trainer = Trainer::kept_in(OTHER, folder.path());
    let mut attempt = Attempt::new(id());
    trainer.solved(&mut attempt);
    trainer.change_aim(1).unwrap();
    let again = Trainer::kept_in(OTHER, folder.path());
    assert_eq!(again.progress(), trainer.progress());
    assert!(again.trouble.is_none());

    let file = folder.path().join(record_file(OTHER, ""));
    std::fs::write(&file, "{\"level\": \"high\"}").unwrap();
    let fresh = Trainer::kept_in(OTHER, folder.path());
    assert_eq!(fresh.progress(), Progress::default());
    let trouble = fresh.trouble.unwrap();
    assert!(trouble.contains("line 1, column"), "{trouble}");
    let aside = folder.path().join(record_file(OTHER, ".unreadable"));
    assert_eq!(
        std::fs::read_to_string(aside).unwrap(),
        "{\"level\": \"high\"}"
    );
}

#[test]
fn two_instances_lose_none_of_each_others_progress() {
    let folder = tempfile::tempdir().unwrap();
    let mut a = Trainer::kept_in(GAME, folder.path());
    let mut b = Trainer::kept_in(GAME, folder.path());
    for _ in 0..3 {
        a.solved(&mut Attempt::new(id()));
    }
    a.change_aim(1).unwrap();
    // b read the record before a's solves; its solve adds to them.
    b.solved(&mut Attempt::new(id()));
    let kept = Trainer::kept_in(GAME, folder.path()).progress();
    assert_eq!(kept.solved, 3 + 1);
    assert_eq!(kept.aim, AIM_STEP, "b does not write its aim over a's");
    assert_eq!(kept, b.progress());
}

#[test]
fn a_record_that_cannot_be_set_aside_is_never_written_over() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join(record_file(OTHER, ""));
    std::fs::write(&file, "not json").unwrap();
    // A directory at every name a set-aside could take.
    std::fs::create_dir(folder.path().join(record_file(OTHER, ".unreadable"))).unwrap();
    for n in 2..=1000 {
        std::fs::create_dir(
            folder
                .path()
                .join(record_file(OTHER, &format!(".unreadable.{n}"))),
        )
        .unwrap();
    }
    let mut trainer = Trainer::kept_in(OTHER, folder.path());
    let trouble = trainer.trouble.clone().unwrap();
    assert!(trouble.contains("left as it is"), "{trouble}");
    assert!(trouble.contains("memory only"), "{trouble}");
    trainer.solved(&mut Attempt::new(id()));
    assert_eq!(trainer.progress().solved, 1);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not json");
}

#[test]
fn a_lock_held_elsewhere_keeps_the_record_in_memory_until_it_is_free() {
    let folder = tempfile::tempdir().unwrap();
    let mut trainer = Trainer::kept_in(GAME, folder.path());
    trainer.solved(&mut Attempt::new(id()));
    let file = folder.path().join(record_file(GAME, ""));
    let held = store::Lock::try_take(&folder.path().join("puzzles.lock"))
        .unwrap()
        .unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    // Tried, not waited on (a wait would never end: the lock is held
    // by this very thread).
    trainer.solved(&mut Attempt::new(id()));
    trainer.change_aim(1).unwrap();
    assert_eq!(trainer.progress().solved, 2, "kept in memory");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let trouble = trainer.trouble.clone().unwrap();
    assert!(trouble.contains("locked by another program"), "{trouble}");
    // Free again: the changes made meanwhile are written with the next.
    drop(held);
    trainer.solved(&mut Attempt::new(id()));
    let kept = Trainer::kept_in(GAME, folder.path()).progress();
    assert_eq!((kept.solved, kept.streak, kept.aim), (3, 3, AIM_STEP));
    assert_eq!(kept, trainer.progress());
    assert!(trainer.trouble.unwrap().contains("again"));
}

#[test]
fn hostile_numbers_are_clamped_so_the_record_always_reads_again() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join(record_file(GAME, ""));
    for rating in [
        "{\"rating\": 1500, \"deviation\": 200, \"volatility\": 1e308}",
        "{\"rating\": -1e308, \"deviation\": -5, \"volatility\": 0.06}",
        "{\"rating\": 1e300, \"deviation\": 1e300, \"volatility\": -1}",
    ] {
        std::fs::write(
            &file,
            format!("{{\"level\": 1, \"streak\": 5, \"best\": 9, \"solved\": 20, \"aim\": 30000, \"rating\": {rating}}}"),
        )
        .unwrap();
        let mut trainer = Trainer::kept_in(GAME, folder.path());
        assert!(trainer.trouble.is_none(), "{rating}");
        let mut attempt = Attempt::new(id());
        attempt.rating = 1200;
        trainer.wrong(&mut attempt);
        trainer.skipped(&attempt);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains("null"), "{rating}: {text}");
        let again = Trainer::kept_in(GAME, folder.path());
        assert!(again.trouble.is_none(), "{rating}: {:?}", again.trouble);
        let p = again.progress();
        assert_eq!((p.best, p.solved), (9, 20), "{rating}");
        assert!(RATINGS.contains(&p.rating.rating), "{rating}");
        assert!(DEVIATIONS.contains(&p.rating.deviation), "{rating}");
        assert!(VOLATILITIES.contains(&p.rating.volatility), "{rating}");
        assert_eq!(p.aim, MOST_AIM);
    }
}

#[test]
fn counters_saturate() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join(record_file(GAME, ""));
    std::fs::write(
        &file,
        format!(
            "{{\"level\": 1, \"streak\": {m}, \"best\": {m}, \"solved\": {m}}}",
            m = u32::MAX
        ),
    )
    .unwrap();
    let mut trainer = Trainer::kept_in(GAME, folder.path());
    trainer.solved(&mut Attempt::new(id()));
    let p = trainer.progress();
    assert_eq!((p.streak, p.best, p.solved), (u32::MAX, u32::MAX, u32::MAX));
    assert_eq!(p.level, 1, "an older version's level is kept as read");
}
