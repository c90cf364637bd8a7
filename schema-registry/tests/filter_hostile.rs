//! Hostile `whrc` strings: every one is refused with a reason before any SQL exists, and generated filters
//! either compile to parameterised SQL or are refused, never panic.

mod common;

use proptest::prelude::*;
use schema_registry::{compile_filter, FilterLimits};

use common::hostile_filters::HOSTILE;

#[test]
fn at_least_sixty_hostile_filters_are_refused_with_a_reason() {
    assert!(
        HOSTILE.len() >= 60,
        "only {} hostile strings",
        HOSTILE.len()
    );
    let registry = common::registry();
    for whrc in HOSTILE {
        match common::compile_select(&registry, whrc) {
            Ok((sql, params)) => panic!("{whrc:?} was accepted as {sql} {params:?}"),
            Err(reason) => assert!(
                !reason.trim().is_empty(),
                "{whrc:?} refused without a reason"
            ),
        }
    }
}

#[test]
fn refusals_name_the_construct_and_its_position() {
    let registry = common::registry();
    let cases = [
        (
            "n_qty = pg_sleep(10)",
            "function calls (`pg_sleep`) are not allowed",
            "position 9",
        ),
        (
            "c_code = 'a'; DELETE FROM users",
            "`;` is not allowed",
            "position 13",
        ),
        (
            "c_code = 'a' /* x */",
            "comments are not allowed",
            "position 14",
        ),
        (
            "users.c_password_hash = 'x'",
            "refers to another table",
            "position 1",
        ),
        ("id = 1 AND ctid = '(0,1)'", "system column", "position 12"),
        (
            "n_qty = 1::int",
            "casts (`::`) are not allowed",
            "position 10",
        ),
        (
            "c_code = 'a' UNION SELECT 1",
            "unexpected `UNION`",
            "position 14",
        ),
        (
            "n_qty = 'abc'",
            "'abc' is not a whole number between -2147483648 and 2147483647 for column `n_qty`",
            "position 9",
        ),
        (
            "nosuch = 1",
            "unknown column `nosuch` in `works`",
            "position 1",
        ),
        (
            "c_code = 'a' AND\n  n_qty = (SELECT 1)",
            "subqueries are not allowed",
            "line 2, column 12",
        ),
    ];
    for (whrc, reason, position) in cases {
        let error = common::compile_select(&registry, whrc).expect_err(whrc);
        assert!(
            error.contains(reason),
            "{whrc:?}: {error:?} lacks {reason:?}"
        );
        assert!(
            error.contains(position),
            "{whrc:?}: {error:?} lacks {position:?}"
        );
    }
}

#[test]
fn limits_on_length_depth_and_in_lists() {
    let registry = common::registry();
    let entry = registry.entry("works").unwrap();
    let limits = FilterLimits::default();

    let long = format!("c_code = '{}'", "a".repeat(5000));
    let error = compile_filter(entry, &long, &limits)
        .unwrap_err()
        .to_string();
    assert!(error.contains("at most 4096"), "{error}");

    let deep_ok = format!("{}n_qty = 1{}", "(".repeat(30), ")".repeat(30));
    compile_filter(entry, &deep_ok, &limits).expect("30 levels are fine");
    for depth in [33, 100, 5000] {
        let deep = format!("{}n_qty = 1{}", "(".repeat(depth), ")".repeat(depth));
        let deep = if deep.len() > 4096 {
            format!("{}n_qty = 1", "NOT ".repeat(1000))
        } else {
            deep
        };
        let error = compile_filter(entry, &deep, &limits)
            .unwrap_err()
            .to_string();
        assert!(error.contains("deeper than 32"), "depth {depth}: {error}");
    }

    let list = |n: usize| {
        format!(
            "n_qty IN ({})",
            (0..n).map(|i| i.to_string()).collect::<Vec<_>>().join(",")
        )
    };
    compile_filter(entry, &list(1000), &limits).expect("1,000 items are fine");
    let error = compile_filter(entry, &list(1001), &limits)
        .unwrap_err()
        .to_string();
    assert!(error.contains("at most 1000"), "{error}");
}

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("n_qty".to_owned()),
        Just("c_code".to_owned()),
        Just("d_date".to_owned()),
        Just("c_secret".to_owned()),
        Just("users.id".to_owned()),
        Just("=".to_owned()),
        Just("<>".to_owned()),
        Just("<".to_owned()),
        Just("AND".to_owned()),
        Just("OR".to_owned()),
        Just("NOT".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just(",".to_owned()),
        Just("IN".to_owned()),
        Just("LIKE".to_owned()),
        Just("BETWEEN".to_owned()),
        Just("IS NULL".to_owned()),
        Just("ORDER BY".to_owned()),
        Just("LIMIT".to_owned()),
        Just(";".to_owned()),
        Just("--".to_owned()),
        Just("::".to_owned()),
        Just("pg_sleep(1)".to_owned()),
        Just("SELECT".to_owned()),
        any::<i64>().prop_map(|n| n.to_string()),
        "[a-z%_' ]{0,8}".prop_map(|s| format!("'{}'", s.replace('\'', "''"))),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_filters_compile_to_parameters_or_are_refused(parts in proptest::collection::vec(fragment(), 0..12)) {
        let registry = common::registry();
        let whrc = parts.join(" ");
        if let Ok((sql, params)) = common::compile_select(&registry, &whrc) {
            // Nothing the client wrote reaches the SQL text: no quotes, no comments, no statement separators.
            prop_assert!(!sql.contains('\''), "literal inlined: {}", sql);
            prop_assert!(!sql.contains(';') && !sql.contains("--") && !sql.contains("/*"), "{}", sql);
            prop_assert!(!sql.contains("c_secret") && !sql.contains("users"), "{}", sql);
            let placeholders = (1..=params.len()).filter(|n| sql.contains(&format!("${n}"))).count();
            prop_assert_eq!(placeholders, params.len());
        }
    }

    #[test]
    fn arbitrary_text_never_panics(whrc in any::<String>()) {
        let registry = common::registry();
        let _ = common::compile_select(&registry, &whrc);
    }
}
