//! The history: what is kept of each attempt, the file's guarantees, the
//! missed puzzles that come back and the ratings by theme.
use super::*;
use crate::training::Trainer;

const GAME: PuzzleGame = PuzzleGame::ALL[0];
const OTHER: PuzzleGame = PuzzleGame::ALL[PuzzleGame::ALL.len() - 1];

fn id(game: PuzzleGame, seed: u32) -> PuzzleId {
    PuzzleId {
        game,
        level: 1,
        seed,
    }
}

/// An attempt at `seed` of GAME, rated 1500, with the game's first theme.
fn attempt(seed: u32) -> Attempt {
    Attempt {
        rating: 1500,
        themes: GAME.themes()[..1].to_vec(),
        ..Attempt::new(id(GAME, seed))
    }
}

/// An entry of `seed` ended so, as kept.
fn entry(game: PuzzleGame, seed: u32, ended: Ended, hints: u8) -> Entry {
    Entry {
        at: 1_800_000_000,
        id: id(game, seed),
        themes: vec![game.themes()[0].name.to_string()],
        ended,
        hints,
        shown: ended == Ended::Shown,
        wrong: u32::from(ended == Ended::Missed),
        puzzle_rating: 1500,
        rated: true,
        rating_before: 1500.0,
        rating_after: 1500.0,
        seconds: 12,
        run: None,
        again: false,
    }
}

#[test]
fn an_attempt_is_kept_once_as_it_ended_and_one_only_looked_at_is_not() {
    let mut trainer = Trainer::in_memory(GAME);
    let mut glance = attempt(1);
    trainer.keep(&mut glance);
    assert_eq!(trainer.history.attempts().count(), 0, "only looked at");

    let mut solved = attempt(2);
    trainer.solved(&mut solved);
    trainer.keep(&mut solved);
    trainer.keep(&mut solved);
    let mut slip = attempt(3);
    trainer.wrong(&mut slip);
    trainer.solved(&mut slip);
    trainer.keep(&mut slip);
    let mut shown = attempt(4);
    trainer.given_up(&mut shown);
    trainer.keep(&mut shown);
    let mut left = attempt(5);
    trainer.hint(&mut left).unwrap();
    trainer.keep(&mut left);
    let mut lesson = Attempt {
        practice: true,
        ..attempt(6)
    };
    trainer.wrong(&mut lesson);
    trainer.keep(&mut lesson);

    let kept: Vec<(u32, Ended, u32, u8)> = (trainer.history.attempts())
        .map(|e| (e.id.seed, e.ended, e.wrong, e.hints))
        .collect();
    assert_eq!(
        kept,
        [
            (2, Ended::Solved, 0, 0),
            (3, Ended::Missed, 1, 0),
            (4, Ended::Shown, 0, 0),
            (5, Ended::Left, 0, 1),
        ]
    );
    // The rating before and after, as the trainer moved it.
    let slip = trainer.history.attempts().nth(1).unwrap().clone();
    assert!(
        slip.rated && slip.rating_after < slip.rating_before,
        "{slip:?}"
    );
    assert_eq!(slip.themes, [GAME.themes()[0].name]);
}

#[test]
fn the_history_lasts_is_shared_by_two_apps_and_keeps_the_newest() {
    let folder = tempfile::tempdir().unwrap();
    let mut a = History::kept_in(folder.path());
    let mut b = History::kept_in(folder.path());
    a.add(entry(GAME, 1, Ended::Solved, 0));
    b.add(entry(OTHER, 2, Ended::Missed, 0));
    a.add(entry(GAME, 3, Ended::Shown, 0));
    let seeds = |h: &History| h.attempts().map(|e| e.id.seed).collect::<Vec<_>>();
    assert_eq!(seeds(&History::kept_in(folder.path())), [1, 2, 3]);
    assert_eq!(seeds(&a), [1, 2, 3], "a read b's attempt with its own");

    // Bounded: the oldest go first.
    let full: Vec<Entry> = (1..=KEPT as u32)
        .map(|seed| entry(GAME, seed, Ended::Solved, 0))
        .collect();
    write(&file_in(folder.path()), &full).unwrap();
    let mut long = History::kept_in(folder.path());
    long.add(entry(GAME, 99_999, Ended::Solved, 0));
    let kept = seeds(&History::kept_in(folder.path()));
    assert_eq!(kept.len(), KEPT);
    assert_eq!(kept.last(), Some(&99_999));
    assert_eq!(kept[0], 2);
}

#[test]
fn a_damaged_or_forged_history_is_set_aside_never_trusted() {
    let folder = tempfile::tempdir().unwrap();
    let file = file_in(folder.path());
    let mut good = History::kept_in(folder.path());
    good.add(entry(GAME, 1, Ended::Missed, 0));
    let text = std::fs::read_to_string(&file).unwrap();
    let word = crate::notation::puzzle::game_word(GAME);
    let forged = [
        (text.replace("\"seconds\":12", "\"seconds\":-1"), "line 1"),
        (
            text.replace("\"hints\":0", "\"hints\":99"),
            "hints out of range",
        ),
        (
            text.replace("\"rating_after\":1500.0", "\"rating_after\":1e308"),
            "rating_after",
        ),
        (
            text.replace(GAME.themes()[0].name, "made-up"),
            "no theme made-up",
        ),
        (
            text.replace(&format!("{word}-1-1"), &format!("{word}-99-1")),
            "expected a level",
        ),
        (text.replace("\"wrong\":1", "\"wrong\":0"), "wrong"),
        (text[..text.len() / 2].to_string(), "line 1"),
        (String::new(), "empty"),
    ];
    for (text, why) in forged {
        std::fs::write(&file, &text).unwrap();
        let read = History::kept_in(folder.path());
        assert_eq!(read.attempts().count(), 0, "{text}");
        let trouble = read.trouble.clone().unwrap();
        assert!(trouble.contains(why), "{trouble}");
        assert!(trouble.contains("starting afresh"), "{trouble}");
        let aside = folder.path().join("puzzle-history.json.unreadable");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);
        std::fs::remove_file(aside).unwrap();
    }
}

#[test]
fn a_lock_held_elsewhere_keeps_attempts_in_memory_until_it_is_free() {
    let folder = tempfile::tempdir().unwrap();
    let mut history = History::kept_in(folder.path());
    let held = store::Lock::try_take(&folder.path().join("puzzles.lock"))
        .unwrap()
        .unwrap();
    history.add(entry(GAME, 1, Ended::Solved, 0));
    assert_eq!(history.attempts().count(), 1, "in memory");
    assert!(!file_in(folder.path()).exists());
    drop(held);
    history.add(entry(GAME, 2, Ended::Solved, 0));
    let kept = History::kept_in(folder.path());
    assert_eq!(
        kept.attempts().map(|e| e.id.seed).collect::<Vec<_>>(),
        [1, 2]
    );
}

/// The comebacks, worked out again the slow way: for each puzzle, its own
/// attempts read from the last miss on.
fn comebacks_slowly(attempts: &[Entry], game: PuzzleGame) -> Vec<(u32, u8, usize)> {
    let mine: Vec<&Entry> = attempts.iter().filter(|e| e.id.game == game).collect();
    let mut seeds: Vec<u32> = Vec::new();
    for e in &mine {
        if e.ended.is_miss() && !seeds.contains(&e.id.seed) {
            seeds.push(e.id.seed);
        }
    }
    let mut out = Vec::new();
    for seed in seeds {
        let last_miss = mine
            .iter()
            .rposition(|e| e.id.seed == seed && e.ended.is_miss())
            .unwrap();
        let after: Vec<&&Entry> = mine[last_miss + 1..]
            .iter()
            .filter(|e| e.id.seed == seed)
            .collect();
        // Clean solves in a row at the end, counted from the last that was not.
        let mut clean = 0;
        for e in &after {
            clean = if e.ended == Ended::Solved && e.hints == 0 {
                clean + 1
            } else {
                0
            };
            if clean >= 2 {
                break;
            }
        }
        let is_clean = |e: &&&Entry| e.ended == Ended::Solved && e.hints == 0;
        let cleared = after.windows(2).any(|pair| pair.iter().all(is_clean));
        if cleared {
            continue;
        }
        let last = mine.iter().rposition(|e| e.id.seed == seed).unwrap();
        out.push((seed, clean, mine.len() - 1 - last, last_miss));
    }
    // Oldest miss first is the order the list was made in: by first miss.
    out.into_iter()
        .map(|(s, c, since, _)| (s, c, since))
        .collect()
}

#[test]
fn missed_puzzles_come_back_until_solved_twice_in_a_row() {
    use Ended::*;
    let e = |seed, ended| entry(GAME, seed, ended, 0);
    let mut attempts = vec![e(1, Missed), e(2, Solved), entry(OTHER, 9, Missed, 0)];
    let list = comebacks(attempts.iter(), GAME);
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].id.seed, list[0].clean, list[0].since), (1, 0, 1));
    assert!(!list[0].is_due(), "too soon");
    attempts.extend([e(3, Solved), e(4, Solved)]);
    assert!(
        comebacks(attempts.iter(), GAME)[0].is_due(),
        "after {SOON} others"
    );
    // One clean solve: it stays, and comes back later.
    attempts.push(e(1, Solved));
    let list = comebacks(attempts.iter(), GAME);
    assert_eq!(
        (list[0].clean, list[0].since, list[0].is_due()),
        (1, 0, false)
    );
    // A solve after a hint is not clean: the count starts again.
    attempts.push(entry(GAME, 1, Solved, 1));
    assert_eq!(comebacks(attempts.iter(), GAME)[0].clean, 0);
    attempts.extend([e(1, Solved), e(1, Solved)]);
    assert!(
        comebacks(attempts.iter(), GAME).is_empty(),
        "twice in a row"
    );
    // Missed again after it was cleared: back on the list.
    attempts.extend([e(1, Shown), e(5, Left), e(6, Missed)]);
    let seeds: Vec<u32> = comebacks(attempts.iter(), GAME)
        .iter()
        .map(|c| c.id.seed)
        .collect();
    assert_eq!(seeds, [1, 6]);

    // Every short history of three puzzles agrees with the slow reading:
    // each attempt solved, solved after a hint, missed, shown or left.
    let kinds = [(Solved, 0), (Solved, 1), (Missed, 0), (Shown, 0), (Left, 1)];
    for code in 0..5u32.pow(7) {
        let mut history = Vec::new();
        let mut c = code;
        for seed in [1, 2, 1, 3, 1, 2, 1] {
            let (ended, hints) = kinds[(c % 5) as usize];
            history.push(entry(GAME, seed, ended, hints));
            c /= 5;
        }
        let mut fast: Vec<(u32, u8, usize)> = comebacks(history.iter(), GAME)
            .iter()
            .map(|c| (c.id.seed, c.clean, c.since))
            .collect();
        let mut slow = comebacks_slowly(&history, GAME);
        slow.sort();
        fast.sort();
        let said: Vec<_> = history
            .iter()
            .map(|e| (e.id.seed, e.ended, e.hints))
            .collect();
        assert_eq!(fast, slow, "{said:?}");
    }
}

#[test]
fn attempts_wait_for_a_held_lock_say_so_and_are_written_as_the_app_closes() {
    let folder = tempfile::tempdir().unwrap();
    let mut history = History::kept_in(folder.path());
    let held = store::Lock::try_take(&folder.path().join("puzzles.lock"))
        .unwrap()
        .unwrap();
    history.add(entry(GAME, 1, Ended::Solved, 0));
    let trouble = history.trouble.clone().unwrap();
    assert!(trouble.contains("locked by another program"), "{trouble}");
    drop(held);
    history.flush();
    assert_eq!(History::kept_in(folder.path()).attempts().count(), 1);
    assert!(history.trouble.unwrap().contains("again"));
}

#[test]
fn a_newer_versions_history_is_left_as_it_is() {
    let folder = tempfile::tempdir().unwrap();
    let file = file_in(folder.path());
    let text = "{\"version\":2,\"attempts\":[],\"more\":1}\n";
    std::fs::write(&file, text).unwrap();
    let mut history = History::kept_in(folder.path());
    let trouble = history.trouble.clone().unwrap();
    assert!(
        trouble.contains("newer noughts") && trouble.contains("memory only"),
        "{trouble}"
    );
    history.add(entry(GAME, 1, Ended::Solved, 0));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        text,
        "never written over"
    );
    assert!(!folder
        .path()
        .join("puzzle-history.json.unreadable")
        .exists());
}

#[test]
fn a_record_that_cannot_be_set_aside_leaves_the_history_kept() {
    let folder = tempfile::tempdir().unwrap();
    let word = crate::notation::puzzle::game_word(GAME);
    let record = folder.path().join(format!("puzzles-{word}.json"));
    std::fs::write(&record, "not json").unwrap();
    std::fs::create_dir(
        folder
            .path()
            .join(format!("puzzles-{word}.json.unreadable")),
    )
    .unwrap();
    for n in 2..=1000 {
        std::fs::create_dir(
            folder
                .path()
                .join(format!("puzzles-{word}.json.unreadable.{n}")),
        )
        .unwrap();
    }
    let mut trainer = Trainer::kept_in(GAME, folder.path());
    assert!(trainer.trouble.is_some());
    let mut a = attempt(1);
    trainer.solved(&mut a);
    trainer.keep(&mut a);
    assert_eq!(History::kept_in(folder.path()).attempts().count(), 1);
}

#[test]
fn a_themes_rating_is_the_games_rating_over_the_puzzles_with_it() {
    // Every puzzle has the first theme, every other one the second too:
    // the first theme's rating follows the game's own, step by step.
    let mut trainer = Trainer::in_memory(GAME);
    let both = GAME.themes()[..2].to_vec();
    for k in 0..12u32 {
        let mut a = Attempt {
            rating: 1200 + 50 * k as u16,
            themes: if k % 2 == 0 {
                both.clone()
            } else {
                both[..1].to_vec()
            },
            ..Attempt::new(id(GAME, k))
        };
        match k % 3 {
            0 => trainer.wrong(&mut a),
            _ => {
                trainer.solved(&mut a);
            }
        }
        trainer.keep(&mut a);
    }
    let themes = trainer.theme_ratings();
    let first = themes.iter().find(|t| t.name == both[0].name).unwrap();
    assert_eq!(first.rating, trainer.progress().rating);
    assert_eq!((first.tried, first.lost), (12, 4));
    let second = themes.iter().find(|t| t.name == both[1].name).unwrap();
    assert_eq!((second.tried, second.lost), (6, 2));
    assert!(
        themes
            .windows(2)
            .all(|w| w[0].rating.rating <= w[1].rating.rating),
        "weakest first"
    );
    assert_eq!(themes.len(), 2, "themes never met are not rated");
}
