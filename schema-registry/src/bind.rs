//! The one way a client's value becomes SQL: a text parameter cast by PostgreSQL (a leaf module, so the query
//! builder, the filter compiler and the range filters can all use it without importing each other).

use sea_query::{Expr, ExprTrait};

use crate::model::SqlType;

/// A client's value as SQL: bound as a text parameter and cast to `ty` by PostgreSQL, as every value the gateway
/// sends is (the parameter's own type stays text, so one prepared statement serves every value).
pub fn bound(ty: SqlType, text: &str) -> Expr {
    let value = Expr::val(text.to_owned()).cast_as("text");
    if ty.is_text() {
        value
    } else {
        value.cast_as(ty.sql_name())
    }
}
