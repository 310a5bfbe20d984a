//! Notakto's misère quotient, computed from the rules of one board.
//!
//! The misère quotient of a set of games closed under options and sums
//! (Plambeck & Siegel, "Misère quotients for impartial games", JCTA 2008)
//! identifies two positions `G`, `H` when no third position `X` tells them
//! apart: `G + X` and `H + X` have the same outcome for every `X`. The
//! classes form a commutative monoid `Q`; its P-portion is the set of
//! classes whose positions the player to move loses.
//!
//! How it is computed here, in three steps:
//!
//! 1. **A candidate from small sums.** Every live board position up to
//!    symmetry (46 of them) is played out exactly in sums of a few boards
//!    by a plain misère search. Boards that no sum of up to `t` others tells
//!    apart are grouped; each group is played by one member. Then elements
//!    are found breadth first, one board at a time, two sums being the same
//!    element when no sum of up to `s` group members tells them apart. This
//!    gives a multiplication table, a P-portion and each board's element.
//! 2. **A proof that the candidate is right for every sum.** Let `Φ` map a
//!    sum of boards to the product of their elements. The player to move
//!    loses a sum `H` of live boards exactly when no move reaches a lost
//!    sum; so `Φ` predicts every outcome if, for every `H`, `Φ(H)` is in the
//!    P-portion exactly when no move of `H` leads into it. A move on board
//!    `b` of `H` leads to `Φ(H − b) · Φ(b')`, so what matters of `H` is its
//!    product `x` and the set `W` of multipliers `z` under which some board
//!    of `H` has a move into the P-portion (`Φ(H − b) · z · Φ(b')` in P).
//!    Adding a board `c` turns `(x, W)` into `(x·Φ(c), {z : Φ(c)·z ∈ W} ∪
//!    {z : x·z·Φ(c') ∈ P for an option c' of c})`: finitely many pairs,
//!    all of them visited, each checked (`x` in P exactly when the
//!    identity is not in `W`). By induction on the moves left, `Φ` then
//!    gives every outcome of every sum, of any number of boards.
//! 3. **Nothing to merge.** If no two elements `x ≠ y` behave alike (some
//!    `z` puts one of `xz`, `yz` in P and not the other), the candidate is
//!    the quotient itself, not a larger monoid that maps onto it. (Every
//!    element is the product of a real sum, as each was found as one: so
//!    `z` stands for a position, and `x`, `y` are told apart by one.)
//!
//! When step 2 or 3 fails, step 1 runs again with larger `t` and `s`.
//!
//! The presentation is read off the table: generators are taken from the
//! board positions in order of play (fewest `X` first), each one that the
//! earlier generators do not produce; they are named `a`, `b`, … the
//! commonest first (most positions up to symmetry; ties: fewer `X`, then
//! the smaller cell set). Each element is written as its first product of generators
//! (fewest factors, then alphabetical), and the relations are the products
//! that are not so written but whose every proper factor is: they rewrite
//! any product to its element's form.

use super::Board;
use crate::solver::board::ALL_CELLS;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::OnceLock;

/// An element of the quotient: an index into [`Quotient::elements`]. The
/// identity (the class of no boards, and of every dead board) is first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Element(u8);

impl Element {
    pub const IDENTITY: Element = Element(0);

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The product of generators that names an element: the exponent of each
/// generator, in generator order.
pub type Monomial = Vec<u8>;

/// A generator: its element and the first board position that takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generator {
    pub element: Element,
    pub board: Board,
}

/// How the quotient was found and checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    /// The sizes of the test sums that found the candidate (`t`, `s`).
    pub test_boards: (usize, usize),
    /// The `(x, W)` pairs that step 2 reached by adding a board and
    /// checked (the start, no boards, is the base case).
    pub states: usize,
}

/// The misère quotient of Notakto.
#[derive(Debug, Clone)]
pub struct Quotient {
    normal_forms: Vec<Monomial>,
    table: Vec<Element>,
    p: Vec<bool>,
    generators: Vec<Generator>,
    relations: Vec<(Monomial, Monomial)>,
    of_board: Vec<Element>,
    positions: Vec<(Board, Element)>,
    proof: Proof,
}

/// The quotient, computed once (a few milliseconds) and kept.
pub fn quotient() -> &'static Quotient {
    static QUOTIENT: OnceLock<Quotient> = OnceLock::new();
    QUOTIENT.get_or_init(Quotient::compute)
}

/// The test sizes tried in turn; the first pair that passes both checks
/// gives the quotient (Notakto's passes at `(2, 3)`).
const TEST_SIZES: [(usize, usize); 5] = [(1, 2), (2, 3), (2, 4), (3, 5), (4, 6)];

/// More elements than this and a candidate is given up (the W sets of
/// step 2 are 128-bit sets).
const MOST_ELEMENTS: usize = 128;

impl Quotient {
    /// Computes the quotient from the rules (see the module's notes).
    ///
    /// # Panics
    /// If no candidate passes the checks: that would be a bug, found by the
    /// first test that asks for the quotient.
    pub fn compute() -> Quotient {
        let rules = Rules::new();
        for test_boards in TEST_SIZES {
            let Some(candidate) = Candidate::find(&rules, test_boards) else {
                continue;
            };
            let Some(states) = candidate.prove(&rules) else {
                continue;
            };
            return candidate.into_quotient(
                &rules,
                Proof {
                    test_boards,
                    states,
                },
            );
        }
        panic!("no candidate quotient passed the checks")
    }

    /// Every element, identity first, ordered by their names' exponents
    /// read from the last generator (`1, a, b, ab, b², …`).
    pub fn elements(&self) -> impl Iterator<Item = Element> {
        (0..self.normal_forms.len()).map(|i| Element(i as u8))
    }

    pub fn len(&self) -> usize {
        self.normal_forms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.normal_forms.is_empty()
    }

    /// The product of two elements.
    pub fn mul(&self, x: Element, y: Element) -> Element {
        self.table[x.index() * self.len() + y.index()]
    }

    /// The product of many.
    pub fn product(&self, elements: impl IntoIterator<Item = Element>) -> Element {
        elements
            .into_iter()
            .fold(Element::IDENTITY, |x, y| self.mul(x, y))
    }

    /// Whether the player to move loses a position of this element.
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x.index()]
    }

    /// The element of one board (a dead board's is the identity).
    pub fn element_of(&self, board: Board) -> Element {
        self.of_board[board.cells() as usize]
    }

    /// The element's name: the exponent of each generator.
    pub fn normal_form(&self, x: Element) -> &[u8] {
        &self.normal_forms[x.index()]
    }

    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// The defining relations, `left = right` (each side a monomial).
    pub fn relations(&self) -> &[(Monomial, Monomial)] {
        &self.relations
    }

    /// Every live board position up to symmetry (the smallest cell set of
    /// each), with its element, in order of play (fewest `X` first).
    pub fn positions(&self) -> &[(Board, Element)] {
        &self.positions
    }

    pub fn proof(&self) -> Proof {
        self.proof
    }
}

/// The rules of one board, up to symmetry: the live positions and the
/// moves from each.
struct Rules {
    /// Canonical live positions, ascending by cell set.
    classes: Vec<Board>,
    /// For every cell set: its canonical position's index, if live.
    class_of: Vec<Option<usize>>,
    /// For each class, the classes its moves reach (`None`: a dead board).
    options: Vec<Vec<Option<usize>>>,
}

impl Rules {
    fn new() -> Rules {
        let mut classes: Vec<Board> = (0..=ALL_CELLS)
            .map(Board::from_cells)
            .filter(|b| !b.is_dead() && b.canonical() == *b)
            .collect();
        classes.sort();
        let index: FxHashMap<Board, usize> =
            classes.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let class_of = (0..=ALL_CELLS)
            .map(|cells| {
                let board = Board::from_cells(cells);
                (!board.is_dead()).then(|| index[&board.canonical()])
            })
            .collect::<Vec<_>>();
        let options = classes
            .iter()
            .map(|b| {
                let mut options: Vec<Option<usize>> = b
                    .playable()
                    .map(|cell| class_of[b.with_x(cell).cells() as usize])
                    .collect();
                options.sort();
                options.dedup();
                options
            })
            .collect();
        Rules {
            classes,
            class_of,
            options,
        }
    }
}

/// Outcomes of sums of boards by plain misère search, remembered. A sum is
/// a sorted list of kinds (board classes, or group representatives); each
/// kind's moves lead to other kinds or to a dead board.
struct Outcomes<'a> {
    options: &'a [Vec<Option<usize>>],
    memo: FxHashMap<Vec<u8>, bool>,
}

impl<'a> Outcomes<'a> {
    fn new(options: &'a [Vec<Option<usize>>]) -> Outcomes<'a> {
        Outcomes {
            options,
            memo: FxHashMap::default(),
        }
    }

    /// Whether the player to move loses the sum (misère: no boards at all
    /// is a win for the player to move).
    fn is_p(&mut self, sum: &[u8]) -> bool {
        if sum.is_empty() {
            return false;
        }
        if let Some(&p) = self.memo.get(sum) {
            return p;
        }
        let mut p = true;
        'moves: for k in 0..sum.len() {
            if k > 0 && sum[k] == sum[k - 1] {
                continue;
            }
            for &option in &self.options[sum[k] as usize] {
                let mut next: Vec<u8> = sum[..k].iter().chain(&sum[k + 1..]).copied().collect();
                if let Some(kind) = option {
                    let at = next.partition_point(|&x| x < kind as u8);
                    next.insert(at, kind as u8);
                }
                if self.is_p(&next) {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(sum.to_vec(), p);
        p
    }

    /// The outcomes of `sum + x` for every test sum `x`.
    fn signature(&mut self, sum: &[u8], tests: &[Vec<u8>]) -> Vec<bool> {
        tests
            .iter()
            .map(|x| {
                let mut joined: Vec<u8> = sum.iter().chain(x).copied().collect();
                joined.sort_unstable();
                self.is_p(&joined)
            })
            .collect()
    }
}

/// Every sum of at most `most` of `kinds` kinds, as sorted lists.
fn sums_up_to(kinds: usize, most: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..most {
        let mut next = Vec::new();
        for sum in &last {
            let from = sum.last().map_or(0, |&k| k as usize);
            for k in from..kinds {
                let mut longer = sum.clone();
                longer.push(k as u8);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// A multiplication table, P-portion and board elements found from small
/// sums (step 1), not yet proved.
struct Candidate {
    /// `table[x · len + y]`.
    table: Vec<usize>,
    len: usize,
    p: Vec<bool>,
    /// The element of each board class.
    of_class: Vec<usize>,
}

impl Candidate {
    fn find(rules: &Rules, (t, s): (usize, usize)) -> Option<Candidate> {
        let n = rules.classes.len();
        let mut outcomes = Outcomes::new(&rules.options);
        let tests = sums_up_to(n, t);
        let mut group_of = vec![0; n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut by_signature: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        for (class, group_slot) in group_of.iter_mut().enumerate() {
            let signature = outcomes.signature(&[class as u8], &tests);
            let next = groups.len();
            let group = *by_signature.entry(signature).or_insert(next);
            if group == next {
                groups.push(Vec::new());
            }
            groups[group].push(class);
            *group_slot = group;
        }
        // Each group is played by its member with the most X: its moves
        // reach groups played by members with more X still, so the sums of
        // representatives stay finite games.
        let representatives: Vec<usize> = groups
            .iter()
            .map(|members| {
                let most = |&c: &usize| (rules.classes[c].x_count(), std::cmp::Reverse(c));
                members.iter().copied().max_by_key(most).unwrap_or(0)
            })
            .collect();
        let kinds = representatives.len();
        let options: Vec<Vec<Option<usize>>> = representatives
            .iter()
            .map(|&r| {
                let mut o: Vec<Option<usize>> = rules.options[r]
                    .iter()
                    .map(|o| o.map(|c| group_of[c]))
                    .collect();
                o.sort();
                o.dedup();
                o
            })
            .collect();
        let mut sums = Outcomes::new(&options);
        let tests = sums_up_to(kinds, s);
        // Elements breadth first: each is a sum of representatives, told
        // apart from the others by its outcomes with the test sums.
        let mut elements: Vec<Vec<u8>> = vec![Vec::new()];
        let mut index: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        index.insert(sums.signature(&[], &tests), 0);
        let mut by_kind: Vec<Vec<usize>> = Vec::new();
        let mut e = 0;
        while e < elements.len() {
            let mut row = Vec::with_capacity(kinds);
            for kind in 0..kinds {
                let mut sum = elements[e].clone();
                let at = sum.partition_point(|&k| k < kind as u8);
                sum.insert(at, kind as u8);
                let signature = sums.signature(&sum, &tests);
                let next = elements.len();
                let found = *index.entry(signature).or_insert(next);
                if found == next {
                    if next == MOST_ELEMENTS {
                        return None;
                    }
                    elements.push(sum);
                }
                row.push(found);
            }
            by_kind.push(row);
            e += 1;
        }
        let len = elements.len();
        // Adding boards must not depend on their order, or the table is
        // not a commutative monoid's.
        for row in &by_kind {
            for g in 0..kinds {
                for h in 0..kinds {
                    if by_kind[row[g]][h] != by_kind[row[h]][g] {
                        return None;
                    }
                }
            }
        }
        let mut table = vec![0; len * len];
        for x in 0..len {
            for y in 0..len {
                table[x * len + y] = elements[y].iter().fold(x, |e, &k| by_kind[e][k as usize]);
            }
        }
        let p = elements.iter().map(|sum| sums.is_p(sum)).collect();
        let of_class = (0..n).map(|c| by_kind[0][group_of[c]]).collect();
        Some(Candidate {
            table,
            len,
            p,
            of_class,
        })
    }

    fn mul(&self, x: usize, y: usize) -> usize {
        self.table[x * self.len + y]
    }

    /// Steps 2 and 3 of the module's notes: the number of `(x, W)` pairs
    /// checked, or `None` where the candidate is wrong or not reduced.
    fn prove(&self, rules: &Rules) -> Option<usize> {
        let len = self.len;
        if self.p[0] {
            return None;
        }
        // For each class c and product x of the other boards: the
        // multipliers z under which a move on c reaches the P-portion.
        let wins: Vec<Vec<u128>> = (0..rules.classes.len())
            .map(|c| {
                (0..len)
                    .map(|x| {
                        (0..len)
                            .filter(|&z| {
                                rules.options[c].iter().any(|o| {
                                    let after = o.map_or(0, |o| self.of_class[o]);
                                    self.p[self.mul(self.mul(x, z), after)]
                                })
                            })
                            .fold(0u128, |w, z| w | 1 << z)
                    })
                    .collect()
            })
            .collect();
        let mut seen: FxHashSet<(usize, u128)> = FxHashSet::default();
        let mut stack = vec![(0usize, 0u128)];
        seen.insert((0, 0));
        while let Some((x, w)) = stack.pop() {
            for (c, wins) in wins.iter().enumerate() {
                let y = self.of_class[c];
                let shifted = (0..len)
                    .filter(|&z| w >> self.mul(y, z) & 1 == 1)
                    .fold(0u128, |w, z| w | 1 << z);
                let state = (self.mul(x, y), shifted | wins[x]);
                let has_winning_move = state.1 & 1 == 1;
                if self.p[state.0] == has_winning_move {
                    return None;
                }
                if seen.insert(state) {
                    stack.push(state);
                }
            }
        }
        let reduced = (0..len).all(|x| {
            (0..x).all(|y| (0..len).any(|z| self.p[self.mul(x, z)] != self.p[self.mul(y, z)]))
        });
        // The start was never reached again (its check would have failed):
        // every other pair was checked.
        reduced.then_some(seen.len() - 1)
    }

    /// Names the elements (generators, normal forms, relations) and puts
    /// them in order.
    fn into_quotient(self, rules: &Rules, proof: Proof) -> Quotient {
        let len = self.len;
        // Generators: in order of play, each position whose element the
        // earlier generators do not produce.
        let mut in_play: Vec<usize> = (0..rules.classes.len()).collect();
        in_play.sort_by_key(|&c| (rules.classes[c].x_count(), rules.classes[c]));
        let mut generators: Vec<(usize, Board)> = Vec::new();
        let mut produced = self.closure(&[]);
        for &c in &in_play {
            let e = self.of_class[c];
            if !produced[e] {
                generators.push((e, rules.classes[c]));
                let elements: Vec<usize> = generators.iter().map(|g| g.0).collect();
                produced = self.closure(&elements);
            }
        }
        let mut positions_of = vec![0usize; len];
        for &e in &self.of_class {
            positions_of[e] += 1;
        }
        generators.sort_by_key(|&(e, board)| {
            (std::cmp::Reverse(positions_of[e]), board.x_count(), board)
        });
        let gens: Vec<usize> = generators.iter().map(|g| g.0).collect();
        let k = gens.len();
        let value = |m: &[u8]| {
            m.iter().zip(&gens).fold(0, |x, (&power, &g)| {
                (0..power).fold(x, |x, _| self.mul(x, g))
            })
        };
        // Normal forms: monomials by degree, alphabetically within one.
        let mut form: Vec<Option<Monomial>> = vec![None; len];
        let mut normal: FxHashSet<Monomial> = FxHashSet::default();
        let mut degree = 0;
        let mut relations = Vec::new();
        loop {
            let all_named = form.iter().all(Option::is_some);
            for letters in sums_up_to(k, degree)
                .into_iter()
                .filter(|l| l.len() == degree)
            {
                let mut m = vec![0u8; k];
                for &l in &letters {
                    m[l as usize] += 1;
                }
                let x = value(&m);
                if form[x].is_none() {
                    form[x] = Some(m.clone());
                    normal.insert(m);
                } else if (0..k).filter(|&i| m[i] > 0).all(|i| {
                    let mut d = m.clone();
                    d[i] -= 1;
                    normal.contains(&d)
                }) {
                    relations.push((letters, m, x));
                }
            }
            // One degree past the last new name finds every relation: a
            // relation's factors are all names.
            if all_named {
                break;
            }
            degree += 1;
        }
        // Elements in order of their names read from the last generator.
        let names: Vec<Monomial> = form.into_iter().map(Option::unwrap_or_default).collect();
        let mut order: Vec<usize> = (0..len).collect();
        order.sort_by(|&x, &y| names[x].iter().rev().cmp(names[y].iter().rev()));
        let mut new_index = vec![0u8; len];
        for (i, &old) in order.iter().enumerate() {
            new_index[old] = i as u8;
        }
        let element = |old: usize| Element(new_index[old]);
        let mut table = vec![Element::IDENTITY; len * len];
        for x in 0..len {
            for y in 0..len {
                table[new_index[x] as usize * len + new_index[y] as usize] =
                    element(self.mul(x, y));
            }
        }
        relations.sort_by_key(|(letters, _, _)| (letters.last().copied(), letters.clone()));
        let relations = relations
            .into_iter()
            .map(|(_, m, x)| (m, names[x].clone()))
            .collect();
        let of_board = (0..=ALL_CELLS)
            .map(|cells| {
                rules.class_of[cells as usize]
                    .map_or(Element::IDENTITY, |c| element(self.of_class[c]))
            })
            .collect();
        // In order of play already (fewest X first).
        let positions = in_play
            .iter()
            .map(|&c| (rules.classes[c], element(self.of_class[c])))
            .collect();
        Quotient {
            normal_forms: order.iter().map(|&old| names[old].clone()).collect(),
            table,
            p: order.iter().map(|&old| self.p[old]).collect(),
            generators: generators
                .iter()
                .map(|&(e, board)| Generator {
                    element: element(e),
                    board,
                })
                .collect(),
            relations,
            of_board,
            positions,
            proof,
        }
    }

    /// The elements that products of `generators` reach.
    fn closure(&self, generators: &[usize]) -> Vec<bool> {
        let mut reached = vec![false; self.len];
        reached[0] = true;
        let mut stack = vec![0];
        while let Some(x) = stack.pop() {
            for &g in generators {
                let y = self.mul(x, g);
                if !reached[y] {
                    reached[y] = true;
                    stack.push(y);
                }
            }
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quotient_passes_its_own_proof_and_has_a_name_for_everything() {
        let q = quotient();
        assert!(q.proof().states > 0);
        assert_eq!(
            q.normal_form(Element::IDENTITY),
            vec![0; q.generators().len()]
        );
        for x in q.elements() {
            for y in q.elements() {
                assert_eq!(q.mul(x, y), q.mul(y, x));
                for z in q.elements() {
                    assert_eq!(q.mul(q.mul(x, y), z), q.mul(x, q.mul(y, z)));
                }
            }
            assert_eq!(q.mul(x, Element::IDENTITY), x);
        }
        assert_eq!(q.positions().len(), 46);
    }

    #[test]
    fn a_wrong_candidate_is_refused() {
        // With tests of one board the boards fall into too few groups, and
        // the proof finds a sum whose outcome the candidate gets wrong.
        let rules = Rules::new();
        let candidate = Candidate::find(&rules, (0, 1)).unwrap();
        assert!(candidate.prove(&rules).is_none());
    }
}
