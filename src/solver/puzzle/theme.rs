//! A puzzle's themes: the ideas its answers turn on, in the game's own
//! words, read off the position and its proof (the answers the solver
//! proved), never off the level. A player asks for a theme by its name
//! (`noughts puzzle --theme fork`) and sees which ideas they miss.

/// One theme: its name (one word or a hyphenated phrase, as `--theme`
/// takes it) and what it means, in a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Theme {
    pub name: &'static str,
    pub about: &'static str,
}

impl std::fmt::Display for Theme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// The themes of `all` that `holds` says hold, in `all`'s order (each
/// once): a game lists its themes once and says which apply.
pub fn those(all: &[Theme], holds: impl Fn(&Theme) -> bool) -> Vec<Theme> {
    all.iter().copied().filter(|t| holds(t)).collect()
}
