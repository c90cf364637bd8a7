//! Every accepted form of the `whrc` language and the exact SQL and parameters it compiles to.

mod common;

fn check(whrc: &str, where_and_rest: &str, params: &[&str]) {
    let registry = common::registry();
    let (sql, got) = common::compile_select(&registry, whrc)
        .unwrap_or_else(|e| panic!("{whrc:?} rejected: {e}"));
    let expected = format!(r#"SELECT "id" AS "id" FROM "works"{where_and_rest}"#);
    assert_eq!(sql, expected, "SQL of {whrc:?}");
    assert_eq!(got, params, "parameters of {whrc:?}");
}

const BY_CODE: &str = r#" ORDER BY LOWER("works"."c_code") ASC, "works"."id" ASC"#;

#[test]
fn empty_filter_selects_everything_in_default_order() {
    check("", BY_CODE, &[]);
    check("   ", BY_CODE, &[]);
}

#[test]
fn comparisons_bind_literals_as_text_cast_to_the_column_type() {
    check(
        "n_package = 3",
        &format!(r#" WHERE "n_package" = CAST(CAST($1 AS text) AS int8){BY_CODE}"#),
        &["3"],
    );
    check(
        "c_code <> 'A''B'",
        &format!(r#" WHERE "c_code" <> CAST($1 AS text){BY_CODE}"#),
        &["A'B"],
    );
    check(
        "n_qty != -5",
        &format!(r#" WHERE "n_qty" <> CAST(CAST($1 AS text) AS int4){BY_CODE}"#),
        &["-5"],
    );
    check(
        "n_amount < 12345678901234.56",
        &format!(r#" WHERE "n_amount" < CAST(CAST($1 AS text) AS numeric){BY_CODE}"#),
        &["12345678901234.56"],
    );
    check(
        "n_amount <= 1e3",
        &format!(r#" WHERE "n_amount" <= CAST(CAST($1 AS text) AS numeric){BY_CODE}"#),
        &["1e3"],
    );
    check(
        "d_date > '2024-02-29'",
        &format!(r#" WHERE "d_date" > CAST(CAST($1 AS text) AS date){BY_CODE}"#),
        &["2024-02-29"],
    );
    check(
        "d_date >= DATE '2024-01-01'",
        &format!(r#" WHERE "d_date" >= CAST(CAST($1 AS text) AS date){BY_CODE}"#),
        &["2024-01-01"],
    );
    check(
        "d_at < TIMESTAMP '2024-01-01 10:00:00+05:30'",
        &format!(r#" WHERE "d_at" < CAST(CAST($1 AS text) AS timestamptz){BY_CODE}"#),
        &["2024-01-01 10:00:00+05:30"],
    );
    check(
        "n_flag = true",
        &format!(r#" WHERE "n_flag" = CAST(CAST($1 AS text) AS bool){BY_CODE}"#),
        &["true"],
    );
    check(
        "5 < n_qty",
        &format!(r#" WHERE CAST(CAST($1 AS text) AS int4) < "n_qty"{BY_CODE}"#),
        &["5"],
    );
}

#[test]
fn identifiers_are_case_folded_unless_quoted_and_may_name_the_entry() {
    check(
        "N_PACKAGE = 1",
        &format!(r#" WHERE "n_package" = CAST(CAST($1 AS text) AS int8){BY_CODE}"#),
        &["1"],
    );
    check(
        r#""n_package" = 1"#,
        &format!(r#" WHERE "n_package" = CAST(CAST($1 AS text) AS int8){BY_CODE}"#),
        &["1"],
    );
    check(
        "works.n_qty = 1",
        &format!(r#" WHERE "n_qty" = CAST(CAST($1 AS text) AS int4){BY_CODE}"#),
        &["1"],
    );
}

#[test]
fn column_to_column_comparisons() {
    check(
        "n_qty < n_amount",
        &format!(r#" WHERE "n_qty" < "n_amount"{BY_CODE}"#),
        &[],
    );
}

#[test]
fn like_ilike_in_between_null() {
    check(
        "c_name LIKE 'Pier%'",
        &format!(r#" WHERE "c_name" LIKE CAST($1 AS text){BY_CODE}"#),
        &["Pier%"],
    );
    check(
        "c_name NOT LIKE '%x'",
        &format!(r#" WHERE "c_name" NOT LIKE CAST($1 AS text){BY_CODE}"#),
        &["%x"],
    );
    check(
        "c_code ILIKE '%ab%'",
        &format!(r#" WHERE "c_code" ILIKE CAST($1 AS text){BY_CODE}"#),
        &["%ab%"],
    );
    check(
        "c_code NOT ILIKE 'a'",
        &format!(r#" WHERE "c_code" NOT ILIKE CAST($1 AS text){BY_CODE}"#),
        &["a"],
    );
    check(
        "n_package IN (1, 2, 3)",
        &format!(
            r#" WHERE "n_package" IN (CAST(CAST($1 AS text) AS int8), CAST(CAST($2 AS text) AS int8), CAST(CAST($3 AS text) AS int8)){BY_CODE}"#
        ),
        &["1", "2", "3"],
    );
    check(
        "c_code NOT IN ('a')",
        &format!(r#" WHERE "c_code" NOT IN (CAST($1 AS text)){BY_CODE}"#),
        &["a"],
    );
    check(
        "d_date BETWEEN '2024-01-01' AND '2024-12-31'",
        &format!(
            r#" WHERE "d_date" BETWEEN CAST(CAST($1 AS text) AS date) AND CAST(CAST($2 AS text) AS date){BY_CODE}"#
        ),
        &["2024-01-01", "2024-12-31"],
    );
    check(
        "n_qty NOT BETWEEN 1 AND 2",
        &format!(
            r#" WHERE "n_qty" NOT BETWEEN CAST(CAST($1 AS text) AS int4) AND CAST(CAST($2 AS text) AS int4){BY_CODE}"#
        ),
        &["1", "2"],
    );
    check(
        "d_date IS NULL",
        &format!(r#" WHERE "d_date" IS NULL{BY_CODE}"#),
        &[],
    );
    check(
        "c_meta IS NOT NULL",
        &format!(r#" WHERE "c_meta" IS NOT NULL{BY_CODE}"#),
        &[],
    );
}

#[test]
fn boolean_logic_keeps_its_grouping() {
    check(
        "n_qty = 1 AND (c_code = 'a' OR c_code = 'b')",
        &format!(
            r#" WHERE "n_qty" = CAST(CAST($1 AS text) AS int4) AND ("c_code" = CAST($2 AS text) OR "c_code" = CAST($3 AS text)){BY_CODE}"#
        ),
        &["1", "a", "b"],
    );
    check(
        "NOT (n_qty = 1 OR n_qty = 2)",
        &format!(
            r#" WHERE NOT ("n_qty" = CAST(CAST($1 AS text) AS int4) OR "n_qty" = CAST(CAST($2 AS text) AS int4)){BY_CODE}"#
        ),
        &["1", "2"],
    );
    check("n_flag", &format!(r#" WHERE "n_flag"{BY_CODE}"#), &[]);
    check(
        "NOT n_flag",
        &format!(r#" WHERE NOT "n_flag"{BY_CODE}"#),
        &[],
    );
    check("true", &format!(r#" WHERE TRUE{BY_CODE}"#), &[]);
}

#[test]
fn trailing_order_limit_offset() {
    check(
        "n_package = 7 ORDER BY d_date DESC LIMIT 1 OFFSET 1",
        r#" WHERE "n_package" = CAST(CAST($1 AS text) AS int8) ORDER BY "works"."d_date" DESC, "works"."id" DESC LIMIT 1 OFFSET $2"#,
        &["7", "#1"],
    );
    check(
        "n_qty > 0 ORDER BY c_code, d_at DESC NULLS LAST, id",
        r#" WHERE "n_qty" > CAST(CAST($1 AS text) AS int4) ORDER BY LOWER("works"."c_code") ASC, "works"."d_at" DESC NULLS LAST, "works"."id" ASC"#,
        &["0"],
    );
    check(
        "n_qty > 0 LIMIT 10",
        &format!(r#" WHERE "n_qty" > CAST(CAST($1 AS text) AS int4){BY_CODE} LIMIT 10"#),
        &["0"],
    );
    // Without a condition: every row, in the order asked for.
    check(
        "ORDER BY d_date DESC LIMIT 5",
        r#" ORDER BY "works"."d_date" DESC, "works"."id" DESC LIMIT 5"#,
        &[],
    );
    check(
        "  limit 3 offset 6",
        &format!(r#"{BY_CODE} LIMIT 3 OFFSET $1"#),
        &["#6"],
    );
}

#[test]
fn quotes_backslashes_and_newlines_are_values_not_syntax() {
    check(
        "c_code = 'it''s a \\ \"q\", line\nbreak'",
        &format!(r#" WHERE "c_code" = CAST($1 AS text){BY_CODE}"#),
        &["it's a \\ \"q\", line\nbreak"],
    );
}

#[test]
fn the_json_source_casts_to_text_only_the_types_whose_json_comes_from_postgresql_text() {
    let registry = common::registry();
    let entry = registry.entry("works").expect("works entry");
    let columns = ["id", "n_amount", "d_date", "d_at", "c_meta"]
        .iter()
        .map(|name| entry.column(name).expect("column"))
        .collect();
    let source = schema_registry::ReadQuery::new(entry, columns)
        .json_source()
        .expect("json source");
    assert_eq!(
        source.sql.text,
        format!(
            r#"SELECT "id" AS "id", "n_amount" AS "n_amount", "d_date" AS "d_date", CAST("d_at" AS text) AS "d_at", "c_meta" AS "c_meta" FROM "works"{BY_CODE}"#
        )
    );
    assert_eq!(source.names, ["id", "n_amount", "d_date", "d_at", "c_meta"]);
    assert_eq!(
        source.text_of,
        [
            None,
            None,
            None,
            Some(schema_registry::JsonText::Timestamptz),
            None
        ]
    );
}
