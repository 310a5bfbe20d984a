use super::*;

/// Take 1 or 2 from a heap; who takes the last wins. A position is
/// the heap and whether the first player is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Nim;

impl Rules for Nim {
    type Position = (u8, bool);
    type Move = u8;
    type Value = Outcome;
    type Side = bool;
    type Illegal = ();
    fn check(&(heap, _): &(u8, bool), take: u8) -> Result<(), ()> {
        ((1..=2).contains(&take) && take <= heap)
            .then_some(())
            .ok_or(())
    }
    fn play((heap, first): &mut (u8, bool), take: u8) {
        *heap -= take;
        *first = !*first;
    }
    fn to_move(&(_, first): &(u8, bool)) -> bool {
        first
    }
    fn winner(&(heap, first): &(u8, bool)) -> Option<bool> {
        (heap == 0).then_some(!first)
    }
}

fn value(heap: u8) -> Outcome {
    // Multiples of 3 are lost; a win takes one move per 3 tokens.
    match heap % 3 {
        0 => Outcome::Loss(heap / 3 * 2),
        _ => Outcome::Win(heap / 3 * 2 + 1),
    }
}

fn annotate(record: &Record<Nim>) -> Vec<Annotation<Outcome>> {
    let mut values = Vec::new();
    record.visit(|_, &(heap, _), take| {
        values.push(Annotation {
            before: value(heap),
            after: value(heap - take),
        })
    });
    values
}

fn heap(record: &Record<Nim>) -> u8 {
    record.current().0
}

#[test]
fn moves_positions_and_take_backs() {
    let mut record = Record::<Nim>::new((10, true));
    for take in [1, 2, 2] {
        record.push(take);
    }
    assert_eq!(*record.current(), (5, false));
    assert_eq!(record.position_at(1), (9, false));
    let mut heaps = Vec::new();
    record.visit(|_, &(heap, _), take| heaps.push((heap, take)));
    assert_eq!(heaps, [(10, 1), (9, 2), (7, 2)]);
    record.truncate(1);
    assert_eq!((heap(&record), record.moves()), (9, &[1][..]));
}

#[test]
fn marks_count_after_as_the_panel_does() {
    let mut record = Record::<Nim>::new((10, true));
    record.push(1); // 10 → 9: the best move (9 is lost for the next)
    record.push(1); // 9 → 8: lost anyway, and as slowly as can be
    record.push(1); // 8 → 7: a blunder (7 is won for the next)
    let values = annotate(&record);
    record.annotated(&(10, true), &[1, 1, 1], values);
    let marks: Vec<Mark> = record
        .annotations()
        .unwrap()
        .iter()
        .map(|a| a.mark())
        .collect();
    assert_eq!(marks, [Mark::Best, Mark::Best, Mark::Blunder]);
    // After 10 → 9 the panel says "the player to move loses in 6".
    assert_eq!(record.annotation(0).unwrap().after, Outcome::Loss(6));
    assert_eq!(record.annotation(0).unwrap().for_mover(), Outcome::Win(7));
    // Values of another game's moves are not taken.
    record.truncate(0);
    record.push(2);
    let other = vec![Annotation {
        before: Outcome::Win(7),
        after: Outcome::Loss(6),
    }];
    record.annotated(&(10, true), &[1], other);
    assert!(record.annotations().is_none());
}

#[test]
fn review_line_back_and_continue() {
    let over = |p: &(u8, bool)| p.0 == 0;
    let mut record = Record::<Nim>::new((7, true));
    record.push(2);
    record.push(1);
    assert_eq!(
        record.step(-1),
        Ok(Some(Wanted::Annotations((7, true), vec![2, 1])))
    );
    assert_eq!(record.shown(), Shown::Review { ply: 1 });
    assert_eq!(record.shown_position(), ((5, false), Some(2)));
    // The line from the reviewed position; back goes to the review.
    assert_eq!(record.toggle_line(over), Ok(Some(Wanted::Line((5, false)))));
    record.lined(PerfectLine {
        from: (5, false),
        moves: vec![
            (2, Outcome::Win(3)),
            (1, Outcome::Loss(2)),
            (2, Outcome::Win(1)),
        ],
        cut: false,
    });
    record.step(1).unwrap();
    record.step(1).unwrap();
    assert_eq!(record.shown_position(), ((2, false), Some(1)));
    record.back();
    assert_eq!(record.shown(), Shown::Review { ply: 1 });
    record.back();
    assert_eq!(record.shown(), Shown::Live);
    // Continue from two steps along the line: 7 -2→ 5 -2→ 3 -1→ 2.
    record.review(1);
    record.toggle_line(over).unwrap();
    record.step(2).unwrap();
    assert!(record.continue_here());
    assert_eq!(record.moves(), [2, 2, 1]);
    assert_eq!(*record.current(), (2, false));
    assert_eq!(record.shown(), Shown::Live);
    // No line where the game is over.
    let mut done = Record::<Nim>::new((1, true));
    done.push(1);
    assert_eq!(done.toggle_line(over), Err(NoStep::GameOverThere));
    assert_eq!(Record::<Nim>::new((3, true)).step(-1), Err(NoStep::NoMove));
}

#[test]
fn a_match_checks_moves_and_takes_back_to_the_humans_turn() {
    let mut game = Match::<Nim>::new((10, true), true);
    assert_eq!(game.play(false, 1), Err(MatchError::NotYourTurn));
    assert_eq!(game.play(true, 3), Err(MatchError::Illegal(())));
    assert_eq!(game.take_back(), Err(MatchError::NothingToTakeBack));
    game.play(true, 1).unwrap();
    assert!(!game.humans_turn() && game.human_moved());
    game.play(false, 1).unwrap();
    game.play(true, 2).unwrap();
    game.take_back().unwrap();
    assert_eq!(*game.position(), (8, true));
    assert_eq!(game.record().moves(), [1, 1]);
    game.take_back().unwrap();
    assert_eq!(*game.position(), (10, true));
    let mut short = Match::<Nim>::new((2, true), true);
    short.play(true, 2).unwrap();
    assert_eq!(short.winner(), Some(true));
    assert_eq!(short.play(false, 1), Err(MatchError::GameOver));
}
