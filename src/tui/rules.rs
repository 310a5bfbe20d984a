//! The rules of each tab's game, one key away (`r`): the same text as
//! docs/rules.md (`assets/rules.md`, which a test finds
//! there word for word).

use super::tabs::TabId;

const RULES: &str = include_str!("../../assets/rules.md");

/// The title and the paragraphs of a tab's rules, as plain text (the
/// Markdown marks `` ` `` and `**` dropped, lines of a paragraph joined).
pub fn rules(tab: TabId) -> (&'static str, Vec<String>) {
    let heading = tab.rules_heading();
    let section = RULES
        .split_once(heading)
        .map(|(_, rest)| rest.split("\n### ").next().unwrap_or(rest))
        .unwrap_or("");
    let paragraphs = section
        .split("\n\n")
        .map(|p| {
            p.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("**", "")
                .replace('`', "")
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
        let (_, mnc) = rules(TabId::Mnc);
        assert!(mnc[0].starts_with("Player x owns small x and big X"));
        assert!(mnc[0].contains("on top of any small piece"));
    }
}
