//! The criterion of a verdict, named as the system version's own text names it: the JSON
//! `criterion` and the text's `why:` line say the same thing (docs/json.md, "The round's
//! `criterion`").
//!
//! The engines share one key per criterion across versions where the rules did not change the
//! criterion (the Dutch engine judges 2017 and 2025 with one explainer), and the severity table
//! of each system (`systems::*::severity`) is keyed by it. What a reader sees is the version's
//! name, which a version whose text names a criterion otherwise says in its
//! [`crate::systems::system::System::criterion_name`] (the Dutch 2017 rules); the rest is read off the
//! explanation here.

/// The criterion `key` of an explanation, as the rules name it; `text` is the explanation, whose
/// leading article, when it is a sub-article of `key` (`art. 4.2` under `art. 4`), is the more
/// precise name.
pub fn named(key: &str, text: &str) -> String {
    // "art. 4.3: in the 1.0-point bracket …": the text names the sub-article of the key.
    if let Some((head, _)) = text.split_once(": ")
        && let Some(sub) = head.strip_prefix(key).and_then(|rest| rest.strip_prefix('.'))
        && !sub.is_empty()
        && sub.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return head.to_owned();
    }
    // "art. 2.2.4–2.2.6: in the 1.0-point bracket …" (Dubov 2025): the text names the run of
    // articles that ends with the key, as the article the verdict rests on.
    if let Some((head, _)) = text.split_once(": ")
        && head.starts_with("art. ")
        && head.ends_with(key)
        && head.len() <= 32
    {
        return head.to_owned();
    }
    key.to_owned()
}

#[cfg(test)]
mod tests {

    #[test]
    fn each_version_names_the_order_of_generation_its_own_way() {
        use crate::systems::{SystemId, of};
        let named = |system: SystemId, key: &str, text: &str| of(system).criterion_name(key, text);
        let text = "section D: in the 0.0-point bracket the recorded pairing ties";
        assert_eq!(named(SystemId::Dutch2017, "art. 4", text), "section D");
        let text = "art. 4.2: in the 0.0-point bracket the recorded pairing ties";
        assert_eq!(named(SystemId::Dutch2025, "art. 4", text), "art. 4.2");
        assert_eq!(named(SystemId::Dutch2025, "art. 4", "the pairings differ only in ways …"), "art. 4");
        assert_eq!(named(SystemId::Dutch2025, "C12", "C12: in …"), "C12");
        assert_eq!(named(SystemId::Dutch2017, "C.5", "C.5: in …"), "C.5");
        let text = "art. 2.2.4–2.2.6: in the 1.0-point bracket the recorded pairing";
        assert_eq!(named(SystemId::Dubov2025, "2.2.6", text), "art. 2.2.4–2.2.6");
        // The Dutch 2012 text says the version first; the criterion is the article.
        assert_eq!(named(SystemId::Dutch2012, "B.4", "Dutch 2012, B.4: in the 1-point bracket"), "B.4");
        // A longer name that merely starts like the key is not a sub-article of it.
        assert_eq!(named(SystemId::Dubov2025, "2.2", "2.2.6x: …"), "2.2");
    }
}
