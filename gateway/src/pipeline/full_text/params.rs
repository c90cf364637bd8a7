//! The parameters of a search: the words (`q`), each facet's chosen values (repeated or comma-separated, checked
//! against what the register's column may hold), the dates of the last change, the order and the page.

use crate::error::ApiError;
use crate::pipeline::compile::full_text::{Spec, Values};

/// Page size at most.
pub const MAX_SIZE: i64 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Relevance,
    Updated,
    Number,
}

/// A facet's chosen values: keys of a look-up, or texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    Keys(Vec<i64>),
    Texts(Vec<String>),
}

impl Chosen {
    pub fn is_empty(&self) -> bool {
        match self {
            Chosen::Keys(keys) => keys.is_empty(),
            Chosen::Texts(texts) => texts.is_empty(),
        }
    }
}

/// The parsed parameters.
#[derive(Debug)]
pub struct Search {
    pub q: String,
    /// Per facet of the register, in its order.
    pub chosen: Vec<Chosen>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub sort: Option<Sort>,
    pub page: i64,
    pub size: i64,
}

fn bad(parameter: &str, what: &str) -> ApiError {
    ApiError::BadRequest(format!("{parameter}: {what}"))
}

/// Each value of a parameter that may repeat or be comma-separated.
fn values(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|v| !v.is_empty())
}

/// A calendar date `YYYY-MM-DD`.
fn date(parameter: &str, value: &str) -> Result<String, ApiError> {
    let wrong = || {
        bad(
            parameter,
            &format!("{value} is not a date such as 2026-11-20"),
        )
    };
    let parts: Vec<&str> = value.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(wrong());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(wrong());
    }
    let (y, m, d): (u32, u32, u32) = (
        y.parse().map_err(|_| wrong())?,
        m.parse().map_err(|_| wrong())?,
        d.parse().map_err(|_| wrong())?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(wrong()),
    };
    if y < 1900 || d == 0 || d > days {
        return Err(wrong());
    }
    Ok(value.to_owned())
}

impl Search {
    /// The query string's pairs (a parameter may repeat), for the register's search.
    pub fn parse(pairs: &[(String, String)], spec: &Spec) -> Result<Search, ApiError> {
        let mut search = Search {
            q: String::new(),
            chosen: spec
                .facets
                .iter()
                .map(|facet| match facet.values {
                    Values::Keys => Chosen::Keys(Vec::new()),
                    _ => Chosen::Texts(Vec::new()),
                })
                .collect(),
            from: None,
            to: None,
            sort: None,
            page: 1,
            size: 20,
        };
        for (name, value) in pairs {
            match name.as_str() {
                "q" => {
                    if value.chars().count() > 500 {
                        return Err(bad("q", "at most 500 characters"));
                    }
                    search.q = value.trim().to_owned();
                }
                "from" => search.from = Some(date("from", value)?),
                "to" => search.to = Some(date("to", value)?),
                "sort" => {
                    search.sort = Some(match value.as_str() {
                        "relevance" => Sort::Relevance,
                        "updated" => Sort::Updated,
                        "number" => Sort::Number,
                        other => {
                            return Err(bad(
                                "sort",
                                &format!("{other} is not one of relevance, updated, number"),
                            ))
                        }
                    })
                }
                "page" => {
                    search.page = value
                        .parse()
                        .ok()
                        .filter(|p| (1..=100_000).contains(p))
                        .ok_or_else(|| bad("page", "a page number from 1"))?
                }
                "size" => {
                    search.size = value
                        .parse()
                        .ok()
                        .filter(|s| (1..=MAX_SIZE).contains(s))
                        .ok_or_else(|| bad("size", "a page size from 1 to 100"))?
                }
                other => {
                    let Some(position) = spec.facets.iter().position(|facet| facet.name == other)
                    else {
                        let names: Vec<&str> = ["q"]
                            .into_iter()
                            .chain(spec.facets.iter().map(|facet| facet.name.as_str()))
                            .chain(["from", "to", "sort", "page", "size"])
                            .collect();
                        return Err(bad(
                            other,
                            &format!("not a search parameter ({})", names.join(", ")),
                        ));
                    };
                    let facet = &spec.facets[position];
                    for v in values(value) {
                        match (&facet.values, &mut search.chosen[position]) {
                            (Values::Keys, Chosen::Keys(keys)) => {
                                keys.push(v.parse().map_err(|_| {
                                    bad(other, &format!("{v} is not an id (a whole number)"))
                                })?)
                            }
                            (Values::OneOf(allowed), Chosen::Texts(texts)) => {
                                if !allowed.iter().any(|a| a == v) {
                                    return Err(bad(
                                        other,
                                        &format!("{v} is not one of {}", allowed.join(", ")),
                                    ));
                                }
                                texts.push(v.to_owned());
                            }
                            (Values::Text { pattern, max }, Chosen::Texts(texts)) => {
                                if v.chars().count() > *max {
                                    return Err(bad(other, &format!("at most {max} characters")));
                                }
                                if let Some((regex, message)) = pattern {
                                    if !regex.is_match(v) {
                                        return Err(bad(other, &format!("{v}: {message}")));
                                    }
                                }
                                texts.push(v.to_owned());
                            }
                            _ => return Err(bad(other, "not a value of this facet")),
                        }
                    }
                }
            }
        }
        Ok(search)
    }

    /// The order asked for; without words, by date.
    pub fn sort(&self) -> Sort {
        match self.sort {
            Some(Sort::Relevance) if self.q.is_empty() => Sort::Updated,
            Some(sort) => sort,
            None if self.q.is_empty() => Sort::Updated,
            None => Sort::Relevance,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::compile::full_text::Field;

    fn spec() -> Spec {
        let field = |name: &str, values: Values| Field {
            name: name.to_owned(),
            column: format!("c_{name}"),
            title: name.to_owned(),
            label: None,
            values,
        };
        Spec {
            entry: "doc".into(),
            table: "doc".into(),
            key: "id".into(),
            copy: "doc_search".into(),
            copy_key: "n_doc".into(),
            words: "v_search".into(),
            title_words: "v_meta".into(),
            file_chars: None,
            file_text: None,
            snippet: vec!["c_title".into()],
            updated: "d_updated_at".into(),
            number: "c_no".into(),
            facets: vec![
                field("package", Values::Keys),
                field("state", Values::OneOf(vec!["WIP".into(), "Shared".into()])),
                field(
                    "project",
                    Values::Text {
                        pattern: Some((
                            schema_registry::regex::Regex::new("^[A-Z0-9]{2,6}$").unwrap(),
                            "2–6 capital letters or digits".into(),
                        )),
                        max: 6,
                    },
                ),
            ],
            hit: Vec::new(),
            files_in: None,
        }
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn facets_repeat_or_are_comma_separated_and_bad_ones_are_named() {
        let search = Search::parse(
            &pairs(&[
                ("package", "1,2"),
                ("package", "3"),
                ("state", "WIP"),
                ("project", "MML3"),
            ]),
            &spec(),
        )
        .expect("parses");
        assert_eq!(search.chosen[0], Chosen::Keys(vec![1, 2, 3]));
        assert_eq!(search.chosen[1], Chosen::Texts(vec!["WIP".into()]));
        assert_eq!(search.chosen[2], Chosen::Texts(vec!["MML3".into()]));
        assert_eq!(search.sort(), Sort::Updated);
        for (name, value) in [
            ("package", "x"),
            ("state", "Draft"),
            ("project", "mml3"),
            ("from", "2026-02-30"),
            ("size", "0"),
            ("zz", "1"),
        ] {
            let error = Search::parse(&pairs(&[(name, value)]), &spec()).expect_err("refused");
            assert!(error.to_string().starts_with(name), "{error}");
        }
        let words = Search::parse(&pairs(&[("q", "bearing")]), &spec()).expect("parses");
        assert_eq!(words.sort(), Sort::Relevance);
    }
}
