//! A register's texts in other languages (`[languages.hi]` of its file, docs/registry.md "Languages"). The console
//! reads every registry text through its language file, keyed by the English text (docs/console.md "Languages");
//! a site register brings its own translations in its file, and the gateway adds them to the language file it
//! serves. A column label is keyed for its register alone (`registry.<entry>.<column>`), so "Status" can read
//! differently in one register; the other texts (title, sections, states, buttons, choices, messages) are keyed by
//! their English text, as the product's own are, and two registers may not translate one text differently.

use std::collections::{BTreeMap, BTreeSet};

use crate::registry::problem::{problem, Problem};
use crate::registry::{Entry, Registry};

/// The language of the keys (English): the console needs no file for it.
pub const SOURCE_LANGUAGE: &str = "en";

/// The texts of a register people read, by how the console keys them.
#[derive(Debug, Default)]
struct Texts {
    /// A column's label → the columns with it.
    labels: BTreeMap<String, Vec<String>>,
    /// Every other text, keyed by itself.
    plain: BTreeSet<String>,
}

fn texts(entry: &Entry) -> Texts {
    let def = &entry.def;
    let mut texts = Texts::default();
    let mut plain = |text: &str| {
        if !text.trim().is_empty() {
            texts.plain.insert(text.to_owned());
        }
    };
    plain(&def.title);
    if let Some(singular) = &def.singular {
        plain(singular);
    }
    for column in &def.columns {
        if let Some(message) = &column.pattern_message {
            plain(message);
        }
        for choice in &column.enum_values {
            plain(choice);
        }
    }
    if let Some(screen) = &def.screen {
        for section in &screen.sections {
            plain(&section.title);
        }
        if let Some(menu) = &screen.menu {
            plain(&menu.group);
            if let Some(title) = &menu.title {
                plain(title);
            }
        }
    }
    for rule in &def.rules {
        plain(&rule.message);
    }
    if let Some(workflow) = &def.workflow {
        for state in &workflow.states {
            plain(state.label.as_deref().unwrap_or(&state.name));
        }
        for transition in &workflow.transitions {
            plain(&transition.label);
            for guard in &transition.guards {
                plain(&guard.message);
            }
        }
    }
    for child in &def.children {
        if let Some(title) = &child.title {
            plain(title);
        }
    }
    if let Some(copy) = &def.copy {
        plain(&copy.label);
    }
    for import in &def.imports {
        plain(&import.title);
        if let Some(notes) = &import.notes {
            plain(notes);
        }
    }
    for column in &def.columns {
        texts
            .labels
            .entry(column.label.clone())
            .or_default()
            .push(column.name.clone());
    }
    texts
}

/// A language's key: two lower-case letters (ISO 639-1), as the console's language files are named.
pub fn is_language_key(key: &str) -> bool {
    key.len() == 2 && key.bytes().all(|b| b.is_ascii_lowercase())
}

/// Every register's translations checked: a known language other than English, each English text one of the
/// register's own (a misspelt one would never show), each translation filled in, and no text translated two ways
/// by two registers.
pub(crate) fn check(registry: &Registry, problems: &mut Vec<Problem>) {
    // language → English text → (translation, file that gave it)
    let mut given: BTreeMap<&str, BTreeMap<&str, (&str, &str)>> = BTreeMap::new();
    let entries = registry
        .entries()
        .filter(|entry| !entry.def.languages.is_empty())
        .map(|entry| {
            (
                entry.file.as_str(),
                &entry.def.languages,
                texts(entry),
                "register",
            )
        });
    let dashboards = registry
        .dashboard_files()
        .filter(|dashboard| !dashboard.def.languages.is_empty())
        .map(|dashboard| {
            let texts = Texts {
                labels: BTreeMap::new(),
                plain: dashboard
                    .def
                    .texts()
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
            };
            (
                dashboard.file.as_str(),
                &dashboard.def.languages,
                texts,
                "dashboard",
            )
        });
    let sources: Vec<_> = entries.chain(dashboards).collect();
    for (file, languages, texts, kind) in &sources {
        let (file, texts) = (*file, texts);
        for (language, pairs) in languages.iter() {
            let field = format!("languages.{language}");
            if language == SOURCE_LANGUAGE {
                problems.push(problem(
                    file,
                    &field,
                    "English is the language the file is written in; translate into another language",
                ));
                continue;
            }
            if !is_language_key(language) {
                problems.push(problem(
                    file,
                    &field,
                    "a language is named by its two lower-case letters (ISO 639-1), e.g. `hi`",
                ));
                continue;
            }
            for (english, translated) in pairs {
                let label = texts.labels.contains_key(english);
                let is_plain = texts.plain.contains(english);
                if !label && !is_plain {
                    problems.push(problem(
                        file,
                        &field,
                        if *kind == "register" {
                            format!(
                                "\"{english}\" is not a text of this register (its title, a column's label, a \
                                 section's title, a state's or button's label, a choice or a message)"
                            )
                        } else {
                            format!(
                                "\"{english}\" is not a text of this dashboard (its title, menu item, a \
                                 widget's title or a label)"
                            )
                        },
                    ));
                    continue;
                }
                if translated.trim().is_empty() {
                    problems.push(problem(
                        file,
                        &field,
                        format!("\"{english}\" has an empty translation"),
                    ));
                    continue;
                }
                if !is_plain {
                    continue;
                }
                let texts_of_language = given.entry(language).or_default();
                match texts_of_language.get(english.as_str()) {
                    Some((other, other_file)) if *other != translated => {
                        problems.push(problem(
                            file,
                            &field,
                            format!(
                                "\"{english}\" is translated \"{translated}\" here and \"{other}\" in \
                                 {other_file}; give it one translation"
                            ),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        texts_of_language.insert(english, (translated, file));
                    }
                }
            }
        }
    }
}

impl Registry {
    /// The languages the registry's files translate into.
    pub fn languages(&self) -> BTreeSet<String> {
        self.entries()
            .flat_map(|entry| entry.def.languages.keys().cloned())
            .chain(
                self.dashboard_files()
                    .flat_map(|dashboard| dashboard.def.languages.keys().cloned()),
            )
            .filter(|language| language != SOURCE_LANGUAGE)
            .collect()
    }

    /// The registry's texts in `language`, keyed as the console looks them up: `registry.<entry>.<column>` for
    /// a column's label, the English text itself for the rest.
    pub fn translations(&self, language: &str) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for entry in self.entries() {
            let Some(pairs) = entry.def.languages.get(language) else {
                continue;
            };
            let texts = texts(entry);
            for (english, translated) in pairs {
                for column in texts.labels.get(english).into_iter().flatten() {
                    out.insert(
                        format!("registry.{}.{column}", entry.name),
                        translated.clone(),
                    );
                }
                if texts.plain.contains(english) {
                    out.insert(english.clone(), translated.clone());
                }
            }
        }
        for dashboard in self.dashboard_files() {
            let Some(pairs) = dashboard.def.languages.get(language) else {
                continue;
            };
            let texts = dashboard.def.texts();
            for (english, translated) in pairs {
                if texts.contains(english.as_str()) {
                    out.insert(english.clone(), translated.clone());
                }
            }
        }
        out
    }
}
