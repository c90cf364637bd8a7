//! Golden tests of the gateway's JSON writer against PostgreSQL itself: the same rows rendered by `json_agg` /
//! `row_to_json` in the database and by the gateway from the binary row stream must be the same bytes, for every
//! column type the registry allows and their edge values, in several session time zones.

use gateway::ops::database::build_pool_for;
use gateway::pipeline::execute::{json_array, json_object};
use schema_registry::{JsonSource, JsonText, Sql};

use crate::helpers::{connect, create_database, fresh_database_name, settings_for};

/// Every registry type (`SqlType`), with the values that are hard to render.
const TABLE: &str = r#"
CREATE TABLE golden (
    id int8 PRIMARY KEY,
    n_small int2, n_int int4, n_big int8,
    n_numeric numeric, n_money numeric(18, 2),
    n_real float4, n_double float8,
    c_text text, c_varchar varchar(40), c_char char(5),
    b_flag boolean,
    d_date date, d_stamp timestamp, d_stamptz timestamptz, d_time time,
    c_uuid uuid, c_json json, c_jsonb jsonb
);
INSERT INTO golden VALUES
 (1, 0, 0, 0, 0, 0.00, 0, 0, '', '', '', false,
  '2000-01-01', '2000-01-01 00:00:00', '2000-01-01 00:00:00+00', '00:00:00',
  '00000000-0000-0000-0000-000000000000', '{}', '{}'),
 (2, -32768, -2147483648, -9223372036854775808,
  -123456789012345678901234567890.123456789012345678901234567890, -0.01,
  '-0', '-0', 'quote " backslash \ slash / tab	end', 'é ü 漢字 😀', 'ab',
  true, '1969-12-31', '1969-12-31 23:59:59.999999', '1969-07-20 20:17:40.5+00', '23:59:59.999999',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"a": [1, 2.50, "x"],  "b" : null}', '{"b": null, "a": [1, 2.50, "x"]}'),
 (3, 32767, 2147483647, 9223372036854775807,
  123456789012345678901234567890, 9999999999999999.99,
  'NaN', 'NaN', E'line\nbreak\r\ncontrol \x01 \x1f del \x7f', NULL, 'abcde',
  NULL, '0044-03-15 BC', '0044-03-15 12:00:00 BC', '0044-03-15 12:00:00.25+00 BC', '12:34:56.5',
  NULL, '[1,2]', '"text"'),
 (4, NULL, NULL, NULL, 'NaN', NULL, 'Infinity', '-Infinity', NULL, NULL, NULL, NULL,
  'infinity', '-infinity', 'infinity', NULL, NULL, 'null', 'null'),
 (5, 1, 1, 1, 0.000000000000000000000000000001, 1.5,
  3.4028235e38, 1e300, 'x', 'y', 'z', true,
  '1800-01-01', '1800-01-01 12:00:00', '1800-01-01 12:00:00+00', '00:00:00.000001',
  'ffffffff-ffff-ffff-ffff-ffffffffffff', '12.50', '12.50'),
 (6, 2, 2, 2, 'Infinity', 100, 1.5e-7, 123456789012345, 'a', 'b', 'c', false,
  '294276-12-31', '294276-12-31 23:59:59', '2026-11-23 10:50:31.123456+05:30', '24:00:00',
  NULL, '"\u00e9"', '"\u00e9"'),
 (7, 3, 3, 3, '-Infinity', -100, 1e15, 1e16, NULL, NULL, NULL, NULL,
  '4713-01-01 BC', '1582-10-04 00:00:00', '1960-06-30 23:00:00-03:30', NULL,
  NULL, NULL, NULL),
 (8, 4, 4, 4, 1.10, 0.10, 0.1, 0.1, NULL, NULL, NULL, NULL,
  '2026-02-28', '2026-02-28 00:00:00.1', '2026-03-29 01:30:00+00', NULL, NULL, NULL, NULL);
"#;

const COLUMNS: [&str; 19] = [
    "id",
    "n_small",
    "n_int",
    "n_big",
    "n_numeric",
    "n_money",
    "n_real",
    "n_double",
    "c_text",
    "c_varchar",
    "c_char",
    "b_flag",
    "d_date",
    "d_stamp",
    "d_stamptz",
    "d_time",
    "c_uuid",
    "c_json",
    "c_jsonb",
];

/// The gateway's SELECT of the table: floats and `timestamptz` cast to text, as `ReadQuery::json_source` does.
fn source(condition: &str) -> JsonSource {
    let text_of: Vec<Option<JsonText>> = COLUMNS
        .iter()
        .map(|name| match *name {
            "n_real" | "n_double" => Some(JsonText::Number),
            "d_stamptz" => Some(JsonText::Timestamptz),
            _ => None,
        })
        .collect();
    let selected = COLUMNS
        .iter()
        .zip(&text_of)
        .map(|(name, text)| match text {
            Some(_) => format!("CAST(\"{name}\" AS text) AS \"{name}\""),
            None => format!("\"{name}\" AS \"{name}\""),
        })
        .collect::<Vec<_>>()
        .join(", ");
    JsonSource {
        sql: Sql {
            text: format!("SELECT {selected} FROM golden {condition} ORDER BY id"),
            params: Vec::new(),
        },
        names: COLUMNS.iter().map(|name| (*name).to_owned()).collect(),
        text_of,
    }
}

#[tokio::test]
async fn the_gateway_writes_rows_as_json_agg_and_row_to_json_do_byte_for_byte() {
    let url = create_database(&fresh_database_name()).await;
    connect(&url)
        .await
        .batch_execute(TABLE)
        .await
        .expect("golden table");
    let settings = settings_for(&url);
    let pool = build_pool_for(&settings.database, &url, 1).expect("pool");
    let client = pool.get().await.expect("connection");
    let plain = COLUMNS
        .iter()
        .map(|name| format!("\"{name}\""))
        .collect::<Vec<_>>()
        .join(", ");

    for zone in [
        "UTC",
        "Asia/Kolkata",
        "America/St_Johns",
        "Europe/Amsterdam",
        "Pacific/Chatham",
    ] {
        client
            .batch_execute(&format!("SET TimeZone = '{zone}'"))
            .await
            .expect("time zone");
        let expected: String = client
            .query_one(
                &format!(
                    "SELECT coalesce(json_agg(q), '[]')::text FROM (SELECT {plain} FROM golden ORDER BY id) q"
                ),
                &[],
            )
            .await
            .expect("json_agg")
            .get(0);
        let (written, count) = json_array(&client, &source(""))
            .await
            .expect("gateway rows");
        assert_eq!(count, 8);
        if written != expected {
            let at = written
                .bytes()
                .zip(expected.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(written.len().min(expected.len()));
            let from = at.saturating_sub(60);
            let around = |text: &str| {
                String::from_utf8_lossy(&text.as_bytes()[from..(at + 60).min(text.len())])
                    .into_owned()
            };
            panic!(
                "time zone {zone}: differs at byte {at}\n gateway:    {}\n PostgreSQL: {}",
                around(&written),
                around(&expected)
            );
        }
        serde_json::from_str::<serde_json::Value>(&written).expect("valid JSON");

        for id in 1..=8 {
            let expected: String = client
                .query_one(
                    &format!(
                        "SELECT row_to_json(q)::text FROM (SELECT {plain} FROM golden WHERE id = {id}) q"
                    ),
                    &[],
                )
                .await
                .expect("row_to_json")
                .get(0);
            let (written, version) =
                json_object(&client, &source(&format!("WHERE id = {id}")), "n_big")
                    .await
                    .expect("gateway row")
                    .expect("the row");
            assert_eq!(written, expected, "row {id} in {zone}");
            let big: Option<i64> = client
                .query_one(&format!("SELECT n_big FROM golden WHERE id = {id}"), &[])
                .await
                .expect("n_big")
                .get(0);
            assert_eq!(version, big, "the integer column of row {id}");
        }
    }

    let (none, count) = json_array(&client, &source("WHERE false"))
        .await
        .expect("no rows");
    assert_eq!((none.as_str(), count), ("[]", 0));
}
