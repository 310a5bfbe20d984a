//! The quotient read in plain terms, for a player who knows no algebra:
//! what each board counts for beside the others. A board counts for
//! nothing (its element is the identity: taking it away changes no
//! outcome), loses alone (it would lose for the player to move if it were
//! the only board), or pairs with another (the two, and nothing else, would
//! lose for the player to move). These are facts of each board, not a
//! rule for the whole position: two pairs need not lose together, which is
//! why [`why_lost`] names a pair or a lone board only where that is all
//! there is.

use super::{quotient, Board, Element};

/// What one board counts for beside the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// Three in a row: out of the game.
    Dead,
    /// Live, but its element is the identity: no outcome changes without it.
    Nothing,
    /// Alone, it loses for the player to move (its element is in the
    /// P-portion).
    LosesAlone,
    /// With board `k` (0-based), and nothing else, it loses for the player
    /// to move. Pairs are taken in board order, each board in one pair.
    PairsWith(usize),
    /// With board `k` it counts for nothing: the two cancel out (two
    /// boards that each lose alone can: two losses are not a loss).
    CancelsWith(usize),
    /// None of the above.
    Unpaired,
}

/// Each board's tag: first, boards whose elements multiply to the
/// identity cancel, in board order; then a board that neither counts for
/// nothing nor loses alone pairs with the first later board not yet paired
/// whose element makes a product in the P-portion with its own.
pub fn tags(boards: &[Board]) -> Vec<Tag> {
    let q = quotient();
    let elements: Vec<_> = boards.iter().map(|&b| q.element_of(b)).collect();
    tags_of(boards, &elements)
}

/// [`tags`], the boards' elements given.
fn tags_of(boards: &[Board], elements: &[Element]) -> Vec<Tag> {
    let q = quotient();
    let mut tags: Vec<Tag> = boards
        .iter()
        .zip(elements)
        .map(|(b, &x)| match () {
            () if b.is_dead() => Tag::Dead,
            () if x == Element::IDENTITY => Tag::Nothing,
            () if q.is_p(x) => Tag::LosesAlone,
            () => Tag::Unpaired,
        })
        .collect();
    let open = |t: Tag| matches!(t, Tag::LosesAlone | Tag::Unpaired);
    for i in 0..boards.len() {
        if !open(tags[i]) {
            continue;
        }
        let partner = (i + 1..boards.len())
            .find(|&j| open(tags[j]) && q.mul(elements[i], elements[j]) == Element::IDENTITY);
        if let Some(j) = partner {
            tags[i] = Tag::CancelsWith(j);
            tags[j] = Tag::CancelsWith(i);
        }
    }
    for i in 0..boards.len() {
        if tags[i] != Tag::Unpaired {
            continue;
        }
        let partner = (i + 1..boards.len())
            .find(|&j| tags[j] == Tag::Unpaired && q.is_p(q.mul(elements[i], elements[j])));
        if let Some(j) = partner {
            tags[i] = Tag::PairsWith(j);
            tags[j] = Tag::PairsWith(i);
        }
    }
    tags
}

/// Why a position loses for the player to move, in plain terms where they
/// say it all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyLost {
    /// Every other board is dead, counts for nothing or cancels out with
    /// another, and this one loses alone.
    Alone(usize),
    /// Every other board is dead, counts for nothing or cancels out with
    /// another, and these two pair.
    Pair(usize, usize),
    /// It loses, but not for one of those two reasons (the algebra says
    /// why).
    KindsCancel,
}

/// Why `boards` lose for the player to move; `None` when they do not (or
/// no board is live: the player to move has already won).
pub fn why_lost(boards: &[Board]) -> Option<WhyLost> {
    // The product alone, not every move's (what `analyze` adds).
    let q = quotient();
    let elements: Vec<_> = boards.iter().map(|&b| q.element_of(b)).collect();
    if boards.iter().all(|b| b.is_dead()) || !q.is_p(q.product(elements.iter().copied())) {
        return None;
    }
    let tags = tags_of(boards, &elements);
    let counted: Vec<(usize, Tag)> = tags
        .into_iter()
        .enumerate()
        .filter(|(_, t)| !matches!(t, Tag::Dead | Tag::Nothing | Tag::CancelsWith(_)))
        .collect();
    Some(match counted[..] {
        [(k, Tag::LosesAlone)] => WhyLost::Alone(k),
        [(i, Tag::PairsWith(j)), _] => WhyLost::Pair(i, j),
        _ => WhyLost::KindsCancel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards apart by spaces, rows from the top apart by `/`.
    fn boards(text: &str) -> Vec<Board> {
        let board = |b: &str| {
            let x = b.chars().filter(|&c| c != '/').enumerate();
            Board::from_cells(x.filter(|&(_, c)| c == 'X').map(|(i, _)| 1 << i).sum())
        };
        text.split(' ').map(board).collect()
    }

    #[test]
    fn the_lessons_kinds_are_tagged_as_the_lesson_says() {
        use Tag::*;
        // Two empty boards pair; a lone centre loses alone; a corner
        // counts for nothing; a line is dead.
        let t = tags(&boards(
            ".../.../... .../.X./... X../.../... XXX/.../... .../.../...",
        ));
        assert_eq!(t, [PairsWith(4), LosesAlone, Nothing, Dead, PairsWith(0)]);
        // Two corners of a side pair with an empty board, and with each other.
        assert_eq!(
            tags(&boards("X.X/.../... .../.../...")),
            [PairsWith(1), PairsWith(0)]
        );
        // Two opposite corners lose alone; a corner pair and a board of
        // two X side by side on an edge do not pair.
        assert_eq!(
            tags(&boards("X.X/.../... X../.../..X XX./.../...")),
            [Unpaired, LosesAlone, Unpaired]
        );
    }

    #[test]
    fn a_why_is_given_only_where_it_is_the_whole_story() {
        assert_eq!(
            why_lost(&boards(".../.X./... X../.../...")),
            Some(WhyLost::Alone(0))
        );
        assert_eq!(
            why_lost(&boards("X.X/.../... XXX/.../... .../.../...")),
            Some(WhyLost::Pair(0, 2))
        );
        assert_eq!(
            why_lost(&boards(".../.../...")),
            None,
            "one empty board wins"
        );
        // bc · c² is not in the P-portion, though each part is: two pairs.
        let two = boards("X.X/.../... .../.../... .../.../... .../.../...");
        assert_eq!(why_lost(&two), None);
        // b² · c² is: two pairs that lose together, said as kinds cancelling.
        let two = boards("X.X/.../... X.X/.../... .../.../... .../.../...");
        assert_eq!(
            tags(&two),
            [
                Tag::PairsWith(1),
                Tag::PairsWith(0),
                Tag::PairsWith(3),
                Tag::PairsWith(2)
            ]
        );
        assert_eq!(why_lost(&two), Some(WhyLost::KindsCancel));
        // Two boards that each lose alone cancel out; a third is left alone.
        let three = boards(".X./X../... ..X/.../X.. .../X.X/...");
        assert_eq!(
            tags(&three),
            [Tag::CancelsWith(1), Tag::CancelsWith(0), Tag::LosesAlone]
        );
        assert_eq!(why_lost(&three), Some(WhyLost::Alone(2)));
        assert_eq!(
            why_lost(&three[..2]),
            None,
            "two cancelling boards: the mover wins"
        );
    }
}
