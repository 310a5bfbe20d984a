//! Saving a tab's position (a match with its moves) to a file and loading
//! one: the prompt for the path, which starts at the data folder, and the
//! reading and writing (the file's notation is `notation::saved`).

use crate::notation::escape_all;
use crate::notation::saved::{self, Saved};
use crate::tui::text::{TextField, TextKey, Typed};
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, put};
use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Widget};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    Save,
    Load,
}

/// The path being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePrompt {
    pub intent: Intent,
    pub path: TextField,
}

/// The longest path typed (longer than any system takes).
const LONGEST_PATH: usize = 4096;

impl FilePrompt {
    /// A prompt starting at `default` (the data folder's file for the tab).
    pub fn new(intent: Intent, default: Option<PathBuf>) -> FilePrompt {
        let text = default.map_or_else(String::new, |p| p.display().to_string());
        FilePrompt {
            intent,
            path: TextField::printable(text, LONGEST_PATH),
        }
    }

    /// A key typed: the path, once Enter gives it.
    pub fn key(&mut self, key: &KeyEvent) -> Typed {
        TextKey::of(key).map_or(Typed::Editing, |key| self.path.key(key))
    }

    /// A box in the middle of `area`: what Enter does, the path (its end
    /// where it is long), the keys.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width.saturating_sub(4).clamp(20, 76).min(area.width);
        let rect = centered(area, width, 5.min(area.height));
        // Beside the box, a line's first letters were left (round 21).
        crate::tui::widgets::clear_popup(rect, area, buf);
        let title = match self.intent {
            Intent::Save => " Save to ",
            Intent::Load => " Load from ",
        };
        Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border())
            .title(title)
            .render(rect, buf);
        let inner = Rect::new(rect.x + 1, rect.y + 1, rect.width.saturating_sub(2), 3);
        let room = usize::from(inner.width.saturating_sub(1));
        let count = self.path.text.chars().count();
        let shown: String = if count > room {
            let more = crate::tui::ascii::ellipsis();
            let skip = (count + more.chars().count()).saturating_sub(room);
            let tail: String = self.path.text.chars().skip(skip).collect();
            format!("{more}{tail}")
        } else {
            self.path.text.clone()
        };
        let line = Line::styled(format!("{shown}▏"), theme.key());
        put(buf, inner.x, inner.y, &line, inner.width);
        if inner.height >= 2 && rect.height >= 5 {
            let keys = Line::styled("Enter: go  Esc: cancel  C-u: clear", theme.dim());
            put(buf, inner.x, inner.y + 2, &keys, inner.width);
        }
    }
}

/// `~` and `~/…` typed in the prompt mean the home folder, as in a shell.
pub fn home_expanded(typed: &Path) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    let text = typed.to_string_lossy();
    match text.strip_prefix('~') {
        Some("") => home().unwrap_or_else(|| typed.to_path_buf()),
        Some(rest) if rest.starts_with('/') || rest.starts_with(std::path::MAIN_SEPARATOR) => {
            match home() {
                Some(home) => home.join(&rest[1..]),
                None => typed.to_path_buf(),
            }
        }
        _ => typed.to_path_buf(),
    }
}

/// The file a tab saves to by default: `saved/<game>.txt` in the data
/// folder.
pub fn default_file(data: Option<&Path>, game: &str) -> Option<PathBuf> {
    data.map(|d| d.join("saved").join(format!("{game}.txt")))
}

/// Writes `saved` to `path` (a new file renamed over the old one, so a link
/// planted at its name is replaced, never followed); the words to show,
/// naming `what` was saved when it is not the tab (a puzzle as it stands).
pub fn save(path: &Path, saved: &Saved, what: Option<&str>) -> Result<String, String> {
    let shown = escape_all(&path.display().to_string());
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "could not save to {shown}: the folder {} does not exist",
            escape_all(&folder.display().to_string())
        ));
    }
    crate::store::write_atomically(path, &saved::write(saved))
        .map(|()| match what {
            Some(what) => format!("saved {what} to {shown}"),
            None => format!("saved to {shown}"),
        })
        .map_err(|e| format!("could not save to {shown}: {e}"))
}

/// Reads the saved file at `path`, or one line saying why not (with the
/// line and column of what is wrong in it).
pub fn load(path: &Path) -> Result<Saved, String> {
    let shown = escape_all(&path.display().to_string());
    let bytes = match crate::store::read_bytes(path, saved::LONGEST) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Err(format!("could not load {shown}: no such file")),
        Err(e) => return Err(format!("could not load {shown}: {e}")),
    };
    saved::read_bytes(bytes).map_err(|e| format!("{shown}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEventKind, KeyEventState, KeyModifiers};

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }

    #[test]
    fn the_prompt_edits_and_answers() {
        let mut prompt = FilePrompt::new(Intent::Save, Some(PathBuf::from("/d/a.txt")));
        prompt.key(&press(KeyCode::Backspace));
        prompt.key(&press(KeyCode::Char('x')));
        assert_eq!(prompt.path.text, "/d/a.txx");
        assert_eq!(
            prompt.key(&press(KeyCode::Enter)),
            Typed::Done("/d/a.txx".into())
        );
        assert_eq!(prompt.key(&press(KeyCode::Esc)), Typed::Cancelled);
    }

    #[test]
    fn a_tilde_means_the_home_folder() {
        let home = directories::BaseDirs::new()
            .unwrap()
            .home_dir()
            .to_path_buf();
        assert_eq!(home_expanded(Path::new("~")), home);
        assert_eq!(
            home_expanded(Path::new("~/saved.txt")),
            home.join("saved.txt")
        );
        assert_eq!(home_expanded(Path::new("a/~b")), PathBuf::from("a/~b"));
        assert_eq!(home_expanded(Path::new("~other")), PathBuf::from("~other"));
    }
}
