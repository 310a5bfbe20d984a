//! The quotient read as a count, for a player who knows no algebra. Each
//! live board counts as some flips, halves, opens and spares (the empty
//! board is one open, a lone centre two, `X.X/.../...` a half,
//! `.X./X../...` a flip, `XX./.../...` an open and a spare; a corner alone
//! counts for nothing), and the sum over the boards says who wins, by one
//! rule ([`Count::loses`]) that fits on a card. It is the quotient's
//! product written in those four counts: a flip is `a`, a half `b`, an open
//! `c` or `d`, a spare `d`, and the rule is the P-portion `{a, b², bc, c²}`
//! under the relations (`b³ = b`, `b²c = c`, `c³ = ac²`, `cd = ad`,
//! `d² = c²`), which the tests check on every sum of the eight kinds.

use super::{quotient, Board};

/// What boards count for, summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Count {
    /// Each one, alone, loses for the player to move (`a`).
    pub flips: u32,
    /// Two, alone, lose for the player to move (`b`).
    pub halves: u32,
    /// The empty board is one, a lone centre two (`c`, and each `d`).
    pub opens: u32,
    /// An odd number wins for the player to move (`d`).
    pub spares: u32,
}

/// Which part of the rule a count falls under: what decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// An odd number of spares: the player to move wins.
    OddSpares,
    /// No opens: a loss takes no halves and odd flips, or even halves (2
    /// or more) and even flips.
    NoOpens,
    /// One open: a loss takes odd halves and even flips.
    OneOpen,
    /// Two or more opens: a loss takes even halves, and flips + opens even.
    Opens,
}

impl Count {
    /// What one board counts for (a dead board: nothing).
    pub fn of(board: Board) -> Count {
        let q = quotient();
        // Each board's element is one of 1, a, b, ab, c, c², d, ad: its
        // exponents of the generators a, b, c, d say it.
        let e = q.normal_form(q.element_of(board));
        let at = |i: usize| u32::from(e.get(i).copied().unwrap_or(0));
        Count {
            flips: at(0),
            halves: at(1),
            opens: at(2) + at(3),
            spares: at(3),
        }
    }

    /// What all the boards count for together.
    pub fn of_all(boards: &[Board]) -> Count {
        boards.iter().map(|&b| Count::of(b)).sum()
    }

    pub fn is_nothing(self) -> bool {
        self == Count::default()
    }

    /// The part of the rule that decides this count.
    pub fn case(self) -> Case {
        match self.opens {
            _ if !self.spares.is_multiple_of(2) => Case::OddSpares,
            0 => Case::NoOpens,
            1 => Case::OneOpen,
            _ => Case::Opens,
        }
    }

    /// Whether the player to move loses, these being all the boards.
    pub fn loses(self) -> bool {
        let even = |n: u32| n.is_multiple_of(2);
        let (f, h) = (self.flips, self.halves);
        match self.case() {
            Case::OddSpares => false,
            Case::NoOpens => (h == 0 && !even(f)) || (h >= 2 && even(h) && even(f)),
            Case::OneOpen => !even(h) && even(f),
            Case::Opens => even(h) && even(f + self.opens),
        }
    }
}

impl std::ops::Add for Count {
    type Output = Count;
    fn add(self, o: Count) -> Count {
        Count {
            flips: self.flips + o.flips,
            halves: self.halves + o.halves,
            opens: self.opens + o.opens,
            spares: self.spares + o.spares,
        }
    }
}

impl std::iter::Sum for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::default(), |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board written `X.X/.../...`, rows from the top.
    fn board(text: &str) -> Board {
        let x = text.chars().filter(|&c| c != '/').enumerate();
        Board::from_cells(x.filter(|&(_, c)| c == 'X').map(|(i, _)| 1 << i).sum())
    }

    fn count(flips: u32, halves: u32, opens: u32, spares: u32) -> Count {
        Count {
            flips,
            halves,
            opens,
            spares,
        }
    }

    #[test]
    fn the_kinds_the_rules_name_count_as_they_say() {
        for (text, c) in [
            (".../.../...", count(0, 0, 1, 0)),
            (".../.X./...", count(0, 0, 2, 0)),
            ("X.X/.../...", count(0, 1, 0, 0)),
            (".X./X../...", count(1, 0, 0, 0)),
            ("XX./.../...", count(0, 0, 1, 1)),
            (".XX/X../...", count(1, 0, 1, 1)),
            ("XX./.X./...", count(1, 1, 0, 0)),
            ("X../.../...", count(0, 0, 0, 0)),
            ("XXX/.../...", count(0, 0, 0, 0)),
        ] {
            assert_eq!(Count::of(board(text)), c, "{text}");
        }
    }

    #[test]
    fn the_rule_is_the_p_portion_on_every_sum_of_the_eight_kinds() {
        // One board of each kind the quotient's positions take.
        let q = quotient();
        let mut kinds: Vec<Board> = Vec::new();
        for &(b, x) in q.positions() {
            if !kinds.iter().any(|&k| q.element_of(k) == x) {
                kinds.push(b);
            }
        }
        assert_eq!(kinds.len(), 8);
        // Every multiset of up to 7 boards of those kinds.
        fn each(
            kinds: &[Board],
            from: usize,
            left: usize,
            taken: &mut Vec<Board>,
            f: &mut dyn FnMut(&[Board]),
        ) {
            f(taken);
            if left == 0 {
                return;
            }
            for i in from..kinds.len() {
                taken.push(kinds[i]);
                each(kinds, i, left - 1, taken, f);
                taken.pop();
            }
        }
        let mut sums = 0;
        each(&kinds, 0, 7, &mut Vec::new(), &mut |boards| {
            let product = q.product(boards.iter().map(|&b| q.element_of(b)));
            assert_eq!(Count::of_all(boards).loses(), q.is_p(product), "{boards:?}");
            sums += 1;
        });
        assert_eq!(sums, 6435, "C(8 + 7, 7) multisets");
    }
}
