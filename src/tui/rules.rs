//! The rules of each tab's game, one key away (`r`): the same text as
//! docs/rules.md (`assets/rules.md`, which a test finds
//! there word for word).

use super::tabs::TabId;

const RULES: &str = include_str!("../../assets/rules.md");

/// The title and the paragraphs of a tab's rules, as plain text (the
/// Markdown marks `` ` `` and `**` dropped, lines of a paragraph joined,
/// each item of a list a paragraph beginning `- `).
pub fn rules(tab: TabId) -> (&'static str, Vec<String>) {
    let heading = tab.rules_heading();
    let section = RULES
        .split_once(heading)
        .map(|(_, rest)| rest.split("\n### ").next().unwrap_or(rest))
        .unwrap_or("");
    // A list's items (lines that begin `- `) are paragraphs of their own.
    let paragraphs = section
        .split("\n\n")
        .flat_map(|p| p.split("\n- ").enumerate().map(|(k, item)| (k > 0, item)))
        .map(|(item, p)| {
            let text = p
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("**", "")
                .replace('`', "");
            match item || text.starts_with("- ") {
                true => format!("- {}", text.trim_start_matches("- ")),
                false => text,
            }
        })
        .filter(|p| !p.is_empty())
        .collect();
    (heading.trim_start_matches("### "), paragraphs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tab_has_its_rules() {
        for &tab in TabId::ALL {
            let (title, paragraphs) = rules(tab);
            assert!(!paragraphs.is_empty(), "{title}");
            assert!(paragraphs
                .iter()
                .all(|p| !p.contains('`') && !p.contains("###")));
        }
    }

    /// A list's items are paragraphs of their own, each `- `, in every
    /// tab: as many as the section has lines that begin `- `, each with
    /// that line's first words.
    #[test]
    fn a_lists_items_are_paragraphs_of_their_own() {
        let mut lists = 0;
        for &tab in TabId::ALL {
            let section = RULES
                .split_once(tab.rules_heading())
                .map(|(_, rest)| rest.split("\n### ").next().unwrap_or(rest))
                .unwrap();
            let lines: Vec<&str> = section.lines().filter(|l| l.starts_with("- ")).collect();
            let (_, paragraphs) = rules(tab);
            let items: Vec<&String> = paragraphs.iter().filter(|p| p.starts_with("- ")).collect();
            assert_eq!(items.len(), lines.len(), "{paragraphs:#?}");
            for (item, line) in items.iter().zip(&lines) {
                let plain = line.replace("**", "").replace('`', "");
                let first: Vec<&str> = plain.split_whitespace().take(4).collect();
                assert!(item.starts_with(&first.join(" ")), "{item} / {line}");
            }
            lists += lines.len();
        }
        assert!(lists > 0, "no list in the rules to check");
    }

    /// Read line by line, apart from `rules`: a tab's first paragraph is
    /// the text between its heading and the next blank line, and its last
    /// ends before the next heading.
    #[test]
    fn each_tab_takes_its_own_section_whole() {
        let lines: Vec<&str> = RULES.lines().collect();
        for &tab in TabId::ALL {
            let at = lines
                .iter()
                .position(|l| *l == tab.rules_heading())
                .unwrap();
            let first: Vec<&str> = lines[at + 2..]
                .iter()
                .take_while(|l| !l.is_empty())
                .copied()
                .collect();
            let next = lines[at + 1..].iter().position(|l| l.starts_with("### "));
            let last = lines[at + 1..next.map_or(lines.len(), |n| at + 1 + n)]
                .iter()
                .rev()
                .find(|l| !l.is_empty())
                .unwrap();
            let (_, paragraphs) = rules(tab);
            let plain = |text: &str| text.replace("**", "").replace('`', "");
            assert_eq!(paragraphs[0], plain(&first.join(" ")));
            assert!(paragraphs.last().unwrap().ends_with(&plain(last.trim())));
        }
    }
}
