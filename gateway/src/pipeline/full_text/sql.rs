//! The two statements of a search, written from the register's `[full_text]` (every name comes from the
//! registry, checked as an identifier at load; every value is bound): the total with every facet's counts, and
//! one page of hits.

use crate::pipeline::binds::Binds;
use crate::pipeline::compile::full_text::Spec;
use crate::pipeline::row_reader::{self, Reader};

use super::params::{Chosen, Search, Sort};

/// Marks `ts_headline` puts around a match (private-use characters, removed from the text before it is
/// highlighted, so that a file or title holding them cannot mark text): the snippet is escaped as HTML, then they
/// become `<mark>` and `</mark>`.
pub const START: char = '\u{E000}';
pub const STOP: char = '\u{E001}';

/// A name from the registry as an SQL identifier.
fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The search's words as SQL over one bound text: the query (`q`), and the condition (over the search copy `d`)
/// of the records they match. The words are written into the statement as expressions of the bound value,
/// not read from a CTE, so that the planner sees the query and estimates how many documents it matches: a word
/// in most documents is read by a scan of the table, one in fewer through the GIN index, and the counts are
/// hashed, not sorted. How the index is asked (V38):
/// - words and two-word phrases joined by AND (`"launching girder" bearing`): each phrase as its pair lexeme
///   (`'launch girder'`), which the vectors hold for every two neighbouring words: the index alone answers;
/// - other phrases without a negation (three words, `<2>` over a stop word, with OR): as their words
///   (`launch & girder`), then each candidate checked on the metadata vector first (small, in the row) and only
///   where that fails on the whole vector (file text included, read from TOAST);
/// - anything else (`-word`): the query as it is.
struct Words {
    q: String,
    matches: String,
}

/// A query (as text) of words and two-word phrases joined by AND, with at least one phrase.
const PAIRS_ONLY: &str = r"^'[^']+'( <-> '[^']+')?( & '[^']+'( <-> '[^']+')?)*$";
/// A two-word phrase in a query's text, and its pair lexeme.
const PAIR: &str = r"'([^']+)' <-> '([^']+)'";
const PAIR_LEXEME: &str = r"'\1 \2'";

/// `value` as an SQL string literal.
fn literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

impl Words {
    fn new(spec: &Spec, search: &Search, binds: &mut Binds) -> Words {
        if search.q.is_empty() {
            return Words {
                q: "NULL::tsquery".to_owned(),
                matches: "TRUE".to_owned(),
            };
        }
        let q = format!(
            "websearch_to_tsquery('english', {}::text)",
            binds.bind(search.q.clone())
        );
        let pairs = format!(
            "({q}::text ~ {} AND strpos({q}::text, ' <-> ') > 0)",
            literal(PAIRS_ONLY)
        );
        let phrase = format!("({q}::text ~ '<(-|[0-9]+)>' AND strpos({q}::text, '!') = 0)");
        let index = format!(
            "(CASE WHEN {pairs} THEN regexp_replace({q}::text, {}, {}, 'g')::tsquery
                   WHEN {phrase} THEN regexp_replace({q}::text, '<(-|[0-9]+)>', '&', 'g')::tsquery
                   ELSE {q} END)",
            literal(PAIR),
            literal(PAIR_LEXEME)
        );
        let (words, title_words) = (ident(&spec.words), ident(&spec.title_words));
        Words {
            matches: format!(
                "d.{words} @@ {index} AND (NOT {phrase} OR {pairs} OR d.{title_words} @@ {q} OR d.{words} @@ {q})"
            ),
            q,
        }
    }
}

/// The filters of a search: each as a condition over `d` (the record or its search copy: they share the
/// columns' names), its values bound; one flag per facet, then the dates'.
struct Filters {
    /// Conditions in facet order, then `updated`.
    flags: Vec<String>,
}

impl Filters {
    fn new(spec: &Spec, search: &Search, binds: &mut Binds) -> Filters {
        let mut flags: Vec<String> = spec
            .facets
            .iter()
            .zip(&search.chosen)
            .map(|(facet, chosen)| {
                let column = ident(&facet.column);
                match chosen {
                    Chosen::Keys(keys) if !keys.is_empty() => {
                        format!("d.{column} = ANY({}::int8[])", binds.bind(keys.clone()))
                    }
                    Chosen::Texts(texts) if !texts.is_empty() => {
                        format!(
                            "d.{column}::text = ANY({}::text[])",
                            binds.bind(texts.clone())
                        )
                    }
                    _ => "TRUE".to_owned(),
                }
            })
            .collect();
        let updated = ident(&spec.updated);
        let mut dates = Vec::new();
        // The dates are bound as text (checked by `params`) and cast in SQL: a bare `$n::date` would make the
        // parameter a date, which a Rust String cannot be sent as.
        if let Some(from) = &search.from {
            dates.push(format!(
                "d.{updated} >= {}::text::date",
                binds.bind(from.clone())
            ));
        }
        if let Some(to) = &search.to {
            dates.push(format!(
                "d.{updated} < {}::text::date + 1",
                binds.bind(to.clone())
            ));
        }
        flags.push(if dates.is_empty() {
            "TRUE".to_owned()
        } else {
            dates.join(" AND ")
        });
        Filters { flags }
    }

    /// Every filter, as one condition.
    fn all(&self) -> String {
        self.flags
            .iter()
            .map(|condition| format!("({condition})"))
            .collect::<Vec<_>>()
            .join(" AND ")
    }
}

/// Where the records are read from: with words, the search copy (its rows carry the facet and read-rule
/// columns, so matching, the read rule and the counts read one table through the GIN index); browsing, the
/// register itself (its date index gives the page).
fn source(spec: &Spec, search: &Search) -> (String, String) {
    if search.q.is_empty() {
        (
            format!("{} d", ident(&spec.table)),
            format!("d.{}", ident(&spec.key)),
        )
    } else {
        (
            format!("{} d", ident(&spec.copy)),
            format!("d.{}", ident(&spec.copy_key)),
        )
    }
}

/// The name `updated` goes by in the answer's facets.
pub const UPDATED: &str = "updated";

/// The total and the facet counts. The matching records are first counted per combination of facet values and
/// filter flags (one hash aggregate over the matches, a few thousand groups); the facets are grouping sets over
/// those groups, each counting the groups of every filter but its own; the empty set is the total. Each row:
/// the facet's name, the value as text, its label (a look-up's display) and the count.
pub fn facets_statement(spec: &Spec, reader: &Reader, search: &Search) -> (String, Binds) {
    let mut binds = Binds::default();
    let visible = row_reader::readable(reader, &mut binds);
    let words = Words::new(spec, search, &mut binds);
    let filters = Filters::new(spec, search, &mut binds);
    let (from, _) = source(spec, search);
    let matches = &words.matches;
    let facets = spec.facets.len();
    // Only the filters asked for are flags: a constant flag would be one more column to hash per match.
    let flags: Vec<(usize, &String)> = filters
        .flags
        .iter()
        .enumerate()
        .filter(|(_, condition)| condition.as_str() != "TRUE")
        .collect();
    let group_columns: String = spec
        .facets
        .iter()
        .enumerate()
        .map(|(i, facet)| format!("d.{} AS g{i}, ", ident(&facet.column)))
        .collect();
    let updated = ident(&spec.updated);
    let flag_columns: String = flags
        .iter()
        .map(|(i, condition)| format!(", {condition} AS f{i}"))
        .collect();
    let group_positions = (1..=facets + 1 + flags.len())
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let except = |own: Option<usize>| -> String {
        let rest: Vec<String> = flags
            .iter()
            .filter(|(i, _)| Some(*i) != own)
            .map(|(i, _)| format!("f{i}"))
            .collect();
        if rest.is_empty() {
            "TRUE".to_owned()
        } else {
            rest.join(" AND ")
        }
    };
    let mut names = String::new();
    let mut counts = String::new();
    for (i, facet) in spec.facets.iter().enumerate() {
        names.push_str(&format!(
            "WHEN GROUPING(g{i}) = 0 THEN {} ",
            literal(&facet.name)
        ));
        counts.push_str(&format!(
            "WHEN GROUPING(g{i}) = 0 THEN sum(n) FILTER (WHERE {}) ",
            except(Some(i))
        ));
    }
    let values: String = (0..facets).map(|i| format!("g{i}::text, ")).collect();
    let sets: String = (0..facets).map(|i| format!("(g{i}), ")).collect();
    let mut label_joins = String::new();
    let mut labels = String::new();
    for (i, facet) in spec.facets.iter().enumerate() {
        if let Some(label) = &facet.label {
            label_joins.push_str(&format!(
                "\n        LEFT JOIN {} l{i} ON f.facet = {} AND l{i}.{}::text = f.value",
                ident(&label.table),
                literal(&facet.name),
                ident(&label.key)
            ));
            labels.push_str(&format!("l{i}.{}::text, ", ident(&label.display)));
        }
    }
    let sql = format!(
        "WITH combos AS (
    SELECT {group_columns}
           CASE WHEN d.{updated} >= (SELECT now() - interval '7 days') THEN 0
                WHEN d.{updated} >= (SELECT now() - interval '30 days') THEN 1
                WHEN d.{updated} >= (SELECT now() - interval '365 days') THEN 2 ELSE 3 END AS g_updated
           {flag_columns}, count(*) AS n
    FROM {from}
    WHERE {visible} AND {matches}
    GROUP BY {group_positions}
),
facet AS (
    SELECT CASE {names}WHEN GROUPING(g_updated) = 0 THEN '{UPDATED}' ELSE 'total' END AS facet,
           coalesce({values}(ARRAY['7d', '30d', '365d', 'older'])[g_updated + 1]) AS value,
           coalesce(CASE {counts}WHEN GROUPING(g_updated) = 0 THEN sum(n) FILTER (WHERE {x_updated})
                ELSE sum(n) FILTER (WHERE {all}) END, 0)::int8 AS n
    FROM combos
    GROUP BY GROUPING SETS ({sets}(g_updated), ())
)
SELECT coalesce((SELECT n FROM facet WHERE facet = 'total'), 0) AS total,
       (SELECT coalesce(json_agg(json_build_object('facet', f.facet, 'value', f.value, 'n', f.n,
                 'label', coalesce({labels}f.value)) ORDER BY f.facet, f.n DESC, f.value), '[]')
        FROM facet f{label_joins}
        WHERE f.n > 0 AND f.facet <> 'total')::text AS facets",
        x_updated = except(Some(facets)),
        all = except(None),
    );
    (sql, binds)
}

/// One page of hits in the asked order, each with its fields (a look-up as its key and label), snippet, where it
/// matched and its file. With words the ranking reads the small metadata vector; browsing by date walks the date
/// index and stops at the page.
pub fn page_statement(spec: &Spec, reader: &Reader, search: &Search) -> (String, Binds) {
    let mut binds = Binds::default();
    let visible = row_reader::readable(reader, &mut binds);
    let words = Words::new(spec, search, &mut binds);
    let conditions = Filters::new(spec, search, &mut binds).all();
    let (from, key) = source(spec, search);
    let matches = &words.matches;
    let query = &words.q;
    let title_words = ident(&spec.title_words);
    let rank = if search.q.is_empty() {
        "0::float4".to_owned()
    } else {
        format!("ts_rank(d.{title_words}, {query})")
    };
    let with_words = !search.q.is_empty();
    let limit = binds.bind(search.size);
    let offset = binds.bind((search.page - 1) * search.size);
    let order = |p: &str| match search.sort() {
        Sort::Relevance => format!("{p}rank DESC, {p}updated DESC, {p}id DESC"),
        Sort::Updated => format!("{p}updated DESC, {p}id DESC"),
        Sort::Number => format!("{p}number, {p}id"),
    };
    let words_column = ident(&spec.words);
    let with_file_text = match &spec.file_chars {
        Some(chars) => format!(
            "hs.{} > 0 AND ts_filter(hs.{words_column}, '{{c}}') @@ q.q",
            ident(chars)
        ),
        None => "FALSE".to_owned(),
    };
    let own_text = format!(
        "concat_ws('. ', {})",
        spec.snippet
            .iter()
            .map(|column| format!("d.{}", ident(column)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let snippet = if with_words {
        let text = match &spec.file_text {
            Some(function) => format!(
                "CASE WHEN {with_file_text} THEN left({}(d.{}), 60000) ELSE {own_text} END",
                ident(function),
                ident(&spec.key)
            ),
            None => own_text,
        };
        format!(
            "ts_headline('english', translate({text}, '{START}{STOP}', ''),
                q.q, 'StartSel={START}, StopSel={STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=\" … \"')"
        )
    } else {
        "NULL".to_owned()
    };
    let matched = if with_words {
        format!(
            "array_remove(ARRAY[
            CASE WHEN ts_filter(hs.{words_column}, '{{a}}') @@ q.q THEN 'title' END,
            CASE WHEN ts_filter(hs.{words_column}, '{{b}}') @@ q.q THEN 'description' END,
            CASE WHEN {with_file_text} THEN 'file' END], NULL)"
        )
    } else {
        "ARRAY[]::text[]".to_owned()
    };
    let mut fields = String::new();
    let mut label_joins = String::new();
    for (i, field) in spec.hit.iter().enumerate() {
        let column = format!("d.{}", ident(&field.column));
        match &field.label {
            Some(label) => {
                fields.push_str(&format!(
                    "CASE WHEN {column} IS NULL THEN NULL ELSE json_build_object('id', {column}, 'label', h{i}.{}) END AS {},\n                   ",
                    ident(&label.display),
                    ident(&field.name)
                ));
                label_joins.push_str(&format!(
                    "\n            LEFT JOIN {} h{i} ON h{i}.{} = {column}",
                    ident(&label.table),
                    ident(&label.key)
                ));
            }
            None => fields.push_str(&format!(
                "{column} AS {},\n                   ",
                ident(&field.name)
            )),
        }
    }
    let file = match &spec.files_in {
        Some(lines) => format!(
            "(SELECT json_build_object('id', f.id, 'name', f.c_name)
                      FROM {} r
                      JOIN record_file f ON f.c_entry = {} AND f.c_key = r.{}::text AND f.d_deleted_at IS NULL
                     WHERE r.{} = d.{} ORDER BY r.{} DESC, f.id LIMIT 1)",
            ident(&lines.table),
            literal(&lines.entry),
            ident(&lines.key),
            ident(&lines.parent_column),
            ident(&spec.key),
            ident(&lines.key)
        ),
        None => "NULL".to_owned(),
    };
    let (table, table_key) = (ident(&spec.table), ident(&spec.key));
    let (copy, copy_key) = (ident(&spec.copy), ident(&spec.copy_key));
    let (updated, number) = (ident(&spec.updated), ident(&spec.number));
    let sql = format!(
        "WITH query AS (SELECT {query} AS q),
page AS (
    SELECT m.id, m.rank, m.updated, m.number FROM (
        SELECT {key} AS id, {rank} AS rank, d.{updated} AS updated, d.{number} AS number
        FROM {from}
        WHERE {visible} AND {matches} AND {conditions}) m
    ORDER BY {order_m} LIMIT {limit} OFFSET {offset}
)
SELECT (SELECT coalesce(jsonb_agg(to_jsonb(h) - 'ord' ORDER BY h.ord), '[]') FROM (
            SELECT row_number() OVER (ORDER BY {order_page}) AS ord, d.{table_key} AS id,
                   {fields}to_json(d.{updated})#>>'{{}}' AS updated_at,
                   {snippet} AS snippet,
                   {matched} AS matched_in,
                   {file} AS file
            FROM page
            JOIN {table} d ON d.{table_key} = page.id{label_joins}
            LEFT JOIN {copy} hs ON hs.{copy_key} = d.{table_key}
            CROSS JOIN query q) h)::text AS hits",
        order_m = order("m."),
        order_page = order("page."),
    );
    (sql, binds)
}
