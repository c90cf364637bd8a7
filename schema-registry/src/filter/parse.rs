//! Filter text → [`Filter`]: tokenised and parsed with sqlparser (PostgreSQL dialect), then taken node by node
//! into the closed tree of `tree`. Any construct outside the language is an error naming it and its position,
//! before any entry is consulted and before any SQL exists. Limits (length, nesting, `IN` list size) apply here.

use sqlparser::ast::{
    BinaryOperator, DataType, Expr as Ast, Ident, Spanned, UnaryOperator, Value as AstValue,
};
use sqlparser::dialect::PostgreSqlDialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer, Whitespace};

use super::outcome::{FilterError, FilterLimits, Result};
use super::tree::{
    ColumnName, Comparison, Condition, Filter, Literal, Operand, OrderTerm, Position, Qualifier,
    Value,
};
use crate::model::Direction;
use crate::values::{is_iso_date, is_iso_timestamp};

pub(super) fn position(location: Location) -> Option<Position> {
    (location.line > 0).then_some(Position {
        line: location.line,
        column: location.column,
    })
}

fn error(reason: impl Into<String>, at: Location) -> FilterError {
    FilterError::new(reason, position(at))
}

/// Parses `text`. `subject` (the entry's name) only words messages ("needs a column of `works`"). Empty text is
/// the empty filter.
pub fn parse(text: &str, limits: &FilterLimits, subject: &str) -> Result<Filter> {
    if text.trim().is_empty() {
        return Ok(Filter::default());
    }
    if text.len() > limits.max_length {
        return Err(FilterError::new(
            format!(
                "the filter is {} bytes long; at most {} are accepted",
                text.len(),
                limits.max_length
            ),
            None,
        ));
    }
    if let Some(index) = text.find('\0') {
        return Err(FilterError::new(
            format!("the filter contains a NUL character at byte {index}"),
            None,
        ));
    }
    let dialect = PostgreSqlDialect {};
    let tokens = Tokenizer::new(&dialect, text)
        .tokenize_with_location()
        .map_err(|e| error(e.message, e.location))?;
    reject_forbidden_tokens(&tokens)?;

    // The parser's own recursion guard sits a little above ours so that our message (with the limit) wins.
    let mut parser = Parser::new(&dialect)
        .with_recursion_limit(limits.max_depth * 2 + 8)
        .with_tokens_with_locations(tokens);
    let reader = Reader { limits, subject };
    // Only trailing clauses (`ORDER BY d_date DESC LIMIT 10`): every row, in that order.
    let only_trailing = matches!(
        &parser.peek_token().token,
        Token::Word(word) if matches!(word.keyword, Keyword::ORDER | Keyword::LIMIT | Keyword::OFFSET)
    );
    let condition = if only_trailing {
        None
    } else {
        let ast = parser
            .parse_expr()
            .map_err(|e| parse_error(e, &parser, limits))?;
        Some(reader.condition(&ast, 1)?)
    };
    let mut filter = Filter {
        condition,
        ..Filter::default()
    };
    trailing_clauses(&mut parser, &mut filter)?;
    Ok(filter)
}

fn reject_forbidden_tokens(tokens: &[TokenWithSpan]) -> Result<()> {
    for token in tokens {
        let reason = match &token.token {
            Token::Whitespace(Whitespace::SingleLineComment { .. })
            | Token::Whitespace(Whitespace::MultiLineComment(_)) => {
                "comments are not allowed in a filter"
            }
            Token::SemiColon => {
                "`;` is not allowed: a filter is one expression, not several statements"
            }
            Token::Placeholder(_) => "parameter placeholders are not allowed in a filter",
            Token::DoubleColon => "casts (`::`) are not allowed in a filter",
            _ => continue,
        };
        return Err(error(reason, token.span.start));
    }
    Ok(())
}

fn parse_error(failure: ParserError, parser: &Parser, limits: &FilterLimits) -> FilterError {
    match failure {
        ParserError::RecursionLimitExceeded => FilterError::new(
            format!(
                "the filter is nested deeper than {} levels",
                limits.max_depth
            ),
            None,
        ),
        ParserError::ParserError(message) | ParserError::TokenizerError(message) => {
            // sqlparser appends " at Line: l, Column: c"; our position replaces it.
            let reason = message
                .split(" at Line: ")
                .next()
                .unwrap_or(&message)
                .to_owned();
            error(
                format!("cannot read the filter: {reason}"),
                parser.peek_token().span.start,
            )
        }
    }
}

/// An operand before its context decides what it may be (NULL is allowed only in `IS NULL`).
enum Read {
    Column(ColumnName),
    Value(Value),
    Null(Location),
}

struct Reader<'a> {
    limits: &'a FilterLimits,
    subject: &'a str,
}

impl Reader<'_> {
    fn condition(&self, ast: &Ast, depth: usize) -> Result<Condition> {
        let at = ast.span().start;
        if depth > self.limits.max_depth {
            return Err(error(
                format!(
                    "the filter is nested deeper than {} levels",
                    self.limits.max_depth
                ),
                at,
            ));
        }
        let nested = |inner: &Ast| self.condition(inner, depth + 1).map(Box::new);
        match ast {
            Ast::Nested(inner) => self.condition(inner, depth + 1),
            Ast::BinaryOp { left, op, right } => match op {
                BinaryOperator::And => Ok(Condition::And(nested(left)?, nested(right)?)),
                BinaryOperator::Or => Ok(Condition::Or(nested(left)?, nested(right)?)),
                BinaryOperator::Eq => self.comparison(left, Comparison::Equal, right),
                BinaryOperator::NotEq => self.comparison(left, Comparison::NotEqual, right),
                BinaryOperator::Lt => self.comparison(left, Comparison::Less, right),
                BinaryOperator::LtEq => self.comparison(left, Comparison::LessOrEqual, right),
                BinaryOperator::Gt => self.comparison(left, Comparison::Greater, right),
                BinaryOperator::GtEq => self.comparison(left, Comparison::GreaterOrEqual, right),
                other => Err(error(
                    format!("the operator `{other}` is not allowed in a filter"),
                    at,
                )),
            },
            Ast::UnaryOp {
                op: UnaryOperator::Not,
                expr,
            } => Ok(Condition::Not(nested(expr)?)),
            Ast::IsNull(inner) | Ast::IsNotNull(inner) => Ok(Condition::IsNull {
                column: self.column_operand(inner, "IS NULL")?,
                negated: matches!(ast, Ast::IsNotNull(_)),
            }),
            Ast::Like {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            }
            | Ast::ILike {
                negated,
                any,
                expr,
                pattern,
                escape_char,
            } => {
                let case_insensitive = matches!(ast, Ast::ILike { .. });
                let word = if case_insensitive { "ILIKE" } else { "LIKE" };
                if *any || escape_char.is_some() {
                    return Err(error(
                        format!("only `column {word} 'pattern'` is allowed (no ANY, no ESCAPE)"),
                        at,
                    ));
                }
                let column = self.column_operand(expr, word)?;
                let pattern_at = pattern.span().start;
                let pattern = match self.operand(pattern)? {
                    Read::Value(Value {
                        literal: Literal::Text(text),
                        ..
                    }) => text,
                    _ => {
                        return Err(error(
                            format!("{word} needs a quoted pattern such as '%abc%'"),
                            pattern.span().start,
                        ))
                    }
                };
                // PostgreSQL refuses a pattern whose last character is an escape that escapes nothing.
                let trailing = pattern.chars().rev().take_while(|&c| c == '\\').count();
                if trailing % 2 == 1 {
                    return Err(error(
                        format!(
                            "the {word} pattern '{}' ends with a backslash, which escapes nothing; write \\\\ for a backslash",
                            crate::text::quote(&pattern)
                        ),
                        pattern_at,
                    ));
                }
                Ok(Condition::Like {
                    column,
                    pattern,
                    case_insensitive,
                    negated: *negated,
                })
            }
            Ast::InList {
                expr,
                list,
                negated,
            } => {
                let column = self.column_operand(expr, "IN")?;
                if list.len() > self.limits.max_in_list {
                    return Err(error(
                        format!(
                            "an IN list has {} items; at most {} are accepted",
                            list.len(),
                            self.limits.max_in_list
                        ),
                        at,
                    ));
                }
                let mut values = Vec::with_capacity(list.len());
                for item in list {
                    match self.operand(item)? {
                        Read::Null(location) => {
                            return Err(error(
                                "NULL never matches in an IN list; use IS NULL",
                                location,
                            ))
                        }
                        Read::Value(value) => values.push(value),
                        Read::Column(_) => {
                            return Err(error(
                                "an IN list may hold only literals",
                                item.span().start,
                            ))
                        }
                    }
                }
                Ok(Condition::In {
                    column,
                    values,
                    negated: *negated,
                    at: position(at),
                })
            }
            Ast::Between {
                expr,
                negated,
                low,
                high,
            } => Ok(Condition::Between {
                column: self.column_operand(expr, "BETWEEN")?,
                low: self.bound(low)?,
                high: self.bound(high)?,
                negated: *negated,
                at: position(at),
            }),
            Ast::Value(value) => match &value.value {
                AstValue::Boolean(flag) => Ok(Condition::Constant(*flag)),
                _ => Err(error(
                    "a filter must be a condition such as `column = value`, not a bare value",
                    at,
                )),
            },
            Ast::Identifier(_) | Ast::CompoundIdentifier(_) => {
                Ok(Condition::Flag(self.column_operand(ast, "a condition")?))
            }
            other => Err(error(
                format!("{} not allowed in a filter", describe(other)),
                at,
            )),
        }
    }

    fn comparison(&self, left: &Ast, op: Comparison, right: &Ast) -> Result<Condition> {
        let at = position(left.span().start);
        let side = |read: Read| match read {
            Read::Column(column) => Ok(Operand::Column(column)),
            Read::Value(value) => Ok(Operand::Value(value)),
            Read::Null(location) => Err(error(
                "a comparison with NULL is never true; use IS NULL or IS NOT NULL",
                location,
            )),
        };
        let (left, right) = (self.operand(left)?, self.operand(right)?);
        if let Read::Null(location) = right {
            return Err(error(
                "a comparison with NULL is never true; use IS NULL or IS NOT NULL",
                location,
            ));
        }
        let (left, right) = (side(left)?, side(right)?);
        // `7913 = 7913`, `'a' = 'b'`: a condition without a column filters nothing a caller needs, and true/false
        // pairs of constants are how blind injection probes a query, so they are refused.
        if let (Operand::Value(a), Operand::Value(b)) = (&left, &right) {
            return Err(FilterError::new(
                format!(
                    "{} and {} are both constants; a condition compares a column (leave whrc empty for every row)",
                    a.literal.describe(),
                    b.literal.describe()
                ),
                a.at,
            ));
        }
        Ok(Condition::Compare {
            left,
            op,
            right,
            at,
        })
    }

    fn bound(&self, ast: &Ast) -> Result<Value> {
        match self.operand(ast)? {
            Read::Null(location) => Err(error("NULL cannot be a bound of BETWEEN", location)),
            Read::Value(value) => Ok(value),
            Read::Column(_) => Err(error(
                "the bounds of BETWEEN must be literals",
                ast.span().start,
            )),
        }
    }

    fn column_operand(&self, ast: &Ast, context: &str) -> Result<ColumnName> {
        match self.operand(ast)? {
            Read::Column(column) => Ok(column),
            Read::Value(_) | Read::Null(_) => Err(error(
                format!("{context} needs a column of `{}` on its left", self.subject),
                ast.span().start,
            )),
        }
    }

    fn operand(&self, ast: &Ast) -> Result<Read> {
        let at = ast.span().start;
        match ast {
            Ast::Nested(inner) => self.operand(inner),
            Ast::Identifier(ident) => Ok(Read::Column(ColumnName {
                name: identifier_name(ident),
                qualifier: None,
                at: position(ident.span.start),
            })),
            Ast::CompoundIdentifier(parts) => match parts.as_slice() {
                [relation, column] => Ok(Read::Column(ColumnName {
                    name: identifier_name(column),
                    qualifier: Some(Qualifier {
                        name: identifier_name(relation),
                        written: format!("{}.{}", relation.value, column.value),
                        at: position(at),
                    }),
                    at: position(column.span.start),
                })),
                _ => Err(error(
                    format!(
                        "`{}` refers to another table; a filter may use only columns of `{}`",
                        parts
                            .iter()
                            .map(|part| part.value.as_str())
                            .collect::<Vec<_>>()
                            .join("."),
                        self.subject
                    ),
                    at,
                )),
            },
            Ast::Value(value) => {
                let literal = match &value.value {
                    AstValue::Number(number, _) => Literal::Number(number.clone()),
                    AstValue::SingleQuotedString(text) => Literal::Text(text.clone()),
                    AstValue::Boolean(flag) => Literal::Boolean(*flag),
                    AstValue::Null => return Ok(Read::Null(at)),
                    other => {
                        return Err(error(
                            format!(
                                "the literal {other} is not allowed; use plain 'quoted' strings and numbers"
                            ),
                            at,
                        ))
                    }
                };
                Ok(value_at(literal, at))
            }
            Ast::UnaryOp {
                op: op @ (UnaryOperator::Minus | UnaryOperator::Plus),
                expr,
            } => match expr.as_ref() {
                Ast::Value(value) => match &value.value {
                    AstValue::Number(number, _) => {
                        let sign = if matches!(op, UnaryOperator::Minus) {
                            "-"
                        } else {
                            ""
                        };
                        Ok(value_at(Literal::Number(format!("{sign}{number}")), at))
                    }
                    _ => Err(error("a sign may precede only a number", at)),
                },
                _ => Err(error("arithmetic is not allowed in a filter", at)),
            },
            Ast::TypedString(typed) => {
                let text = match &typed.value.value {
                    AstValue::SingleQuotedString(text) => text.clone(),
                    _ => return Err(error("a typed literal needs a plain 'quoted' value", at)),
                };
                match typed.data_type {
                    DataType::Date if is_iso_date(&text) => Ok(value_at(Literal::Date(text), at)),
                    DataType::Date => Err(error(
                        format!("'{text}' is not a date in the form YYYY-MM-DD"),
                        at,
                    )),
                    DataType::Timestamp(..) if is_iso_timestamp(&text) => {
                        Ok(value_at(Literal::Timestamp(text), at))
                    }
                    DataType::Timestamp(..) => Err(error(
                        format!(
                            "'{text}' is not a timestamp in the form YYYY-MM-DD HH:MM[:SS][+HH:MM]"
                        ),
                        at,
                    )),
                    ref other => Err(error(
                        format!(
                            "typed literals of type {other} are not allowed; use DATE or TIMESTAMP"
                        ),
                        at,
                    )),
                }
            }
            other => Err(error(
                format!("{} not allowed in a filter", describe(other)),
                at,
            )),
        }
    }
}

fn value_at(literal: Literal, at: Location) -> Read {
    Read::Value(Value {
        literal,
        at: position(at),
    })
}

fn trailing_clauses(parser: &mut Parser, filter: &mut Filter) -> Result<()> {
    let here = |parser: &Parser, reason: &str| error(reason, parser.peek_token().span.start);
    if parser.parse_keyword(Keyword::ORDER) {
        if !parser.parse_keyword(Keyword::BY) {
            return Err(here(parser, "ORDER must be followed by BY"));
        }
        loop {
            let ident = parser
                .parse_identifier()
                .map_err(|_| here(parser, "ORDER BY needs a column name"))?;
            let direction = if parser.parse_keyword(Keyword::DESC) {
                Direction::Desc
            } else {
                let _ = parser.parse_keyword(Keyword::ASC);
                Direction::Asc
            };
            let nulls_first = if parser.parse_keyword(Keyword::NULLS) {
                if parser.parse_keyword(Keyword::FIRST) {
                    Some(true)
                } else if parser.parse_keyword(Keyword::LAST) {
                    Some(false)
                } else {
                    return Err(here(parser, "NULLS must be followed by FIRST or LAST"));
                }
            } else {
                None
            };
            filter.order.push(OrderTerm {
                column: ColumnName {
                    name: identifier_name(&ident),
                    qualifier: None,
                    at: position(ident.span.start),
                },
                direction,
                nulls_first,
            });
            if !parser.consume_token(&Token::Comma) {
                break;
            }
        }
    }
    // PostgreSQL takes LIMIT and OFFSET as bigint.
    let bounded = |parser: &mut Parser, word: &str| {
        let at = parser.peek_token().span.start;
        let value = parser
            .parse_literal_uint()
            .map_err(|_| here(parser, &format!("{word} needs a whole number")))?;
        if i64::try_from(value).is_err() {
            return Err(error(format!("{word} must be at most {}", i64::MAX), at));
        }
        Ok(value)
    };
    if parser.parse_keyword(Keyword::LIMIT) {
        filter.limit = Some(bounded(parser, "LIMIT")?);
    }
    if parser.parse_keyword(Keyword::OFFSET) {
        filter.offset = Some(bounded(parser, "OFFSET")?);
        let _ = parser.parse_keyword(Keyword::ROWS) || parser.parse_keyword(Keyword::ROW);
    }
    let next = parser.peek_token();
    if next.token != Token::EOF {
        return Err(error(
            format!(
                "unexpected `{}`: a filter is one condition, optionally followed by ORDER BY, LIMIT and OFFSET",
                next.token
            ),
            next.span.start,
        ));
    }
    Ok(())
}

fn identifier_name(ident: &Ident) -> String {
    if ident.quote_style.is_some() {
        ident.value.clone()
    } else {
        ident.value.to_lowercase()
    }
}

fn describe(ast: &Ast) -> String {
    let what = match ast {
        Ast::Function(function) => return format!("function calls (`{}`) are", function.name),
        Ast::Cast { .. } => "casts are",
        Ast::Subquery(_) | Ast::Exists { .. } | Ast::InSubquery { .. } => "subqueries are",
        Ast::InUnnest { .. } => "UNNEST is",
        Ast::Case { .. } => "CASE expressions are",
        Ast::Array(_) => "arrays are",
        Ast::SimilarTo { .. } | Ast::RLike { .. } => "regular expressions are",
        Ast::Collate { .. } => "COLLATE is",
        Ast::Extract { .. }
        | Ast::Substring { .. }
        | Ast::Trim { .. }
        | Ast::Position { .. }
        | Ast::Overlay { .. } => "function calls are",
        Ast::AtTimeZone { .. } => "AT TIME ZONE is",
        Ast::Interval(_) => "intervals are",
        Ast::IsTrue(_) | Ast::IsNotTrue(_) | Ast::IsFalse(_) | Ast::IsNotFalse(_) => {
            "IS TRUE / IS FALSE are"
        }
        Ast::IsDistinctFrom(..) | Ast::IsNotDistinctFrom(..) => "IS DISTINCT FROM is",
        Ast::BinaryOp { .. } => "this operator is",
        Ast::UnaryOp { .. } => "this operator is",
        Ast::Wildcard(_) | Ast::QualifiedWildcard(..) => "`*` is",
        Ast::Value(_) => "this literal is",
        _ => "this expression is",
    };
    what.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Filter {
        parse(text, &FilterLimits::default(), "works").expect(text)
    }

    fn refused(text: &str) -> String {
        parse(text, &FilterLimits::default(), "works")
            .expect_err(text)
            .to_string()
    }

    fn column(name: &str, column: u64) -> ColumnName {
        ColumnName {
            name: name.into(),
            qualifier: None,
            at: Some(Position { line: 1, column }),
        }
    }

    #[test]
    fn builds_the_tree_without_knowing_any_entry() {
        let filter = parsed("nosuch = 'x' AND NOT (Other IS NULL) ORDER BY c_code DESC LIMIT 5");
        assert_eq!(
            filter.condition,
            Some(Condition::And(
                Box::new(Condition::Compare {
                    left: Operand::Column(column("nosuch", 1)),
                    op: Comparison::Equal,
                    right: Operand::Value(Value {
                        literal: Literal::Text("x".into()),
                        at: Some(Position {
                            line: 1,
                            column: 10
                        }),
                    }),
                    at: Some(Position { line: 1, column: 1 }),
                }),
                Box::new(Condition::Not(Box::new(Condition::IsNull {
                    column: column("other", 23),
                    negated: false,
                }))),
            ))
        );
        assert_eq!(filter.order.len(), 1);
        assert_eq!(filter.order[0].direction, Direction::Desc);
        assert_eq!(filter.limit, Some(5));
    }

    #[test]
    fn refuses_forms_outside_the_language_with_their_position() {
        assert_eq!(
            refused("1 = 1"),
            "1 and 1 are both constants; a condition compares a column (leave whrc empty for every row) (at position 1)"
        );
        assert_eq!(
            refused("a IN (1, NULL)"),
            "NULL never matches in an IN list; use IS NULL (at position 10)"
        );
        assert_eq!(
            refused("'x' IS NULL"),
            "IS NULL needs a column of `works` on its left (at position 1)"
        );
        assert_eq!(
            refused(r"name ILIKE '\'"),
            r"the ILIKE pattern '\' ends with a backslash, which escapes nothing; write \\ for a backslash (at position 12)"
        );
        assert!(parse(r"name LIKE 'a\\'", &FilterLimits::default(), "works").is_ok());
        assert_eq!(
            refused("ORDER BY a OFFSET 18446744073709551615"),
            "OFFSET must be at most 9223372036854775807 (at position 19)"
        );
        assert_eq!(
            refused("lower(a) = 'x'"),
            "function calls (`lower`) are not allowed in a filter (at position 1)"
        );
    }

    #[test]
    fn keeps_quoted_names_and_qualifiers() {
        let filter = parsed(r#"works."C" = 1"#);
        let Some(Condition::Compare {
            left: Operand::Column(name),
            ..
        }) = filter.condition
        else {
            panic!("a comparison");
        };
        assert_eq!(name.name, "C");
        assert_eq!(name.qualifier.map(|q| q.name).as_deref(), Some("works"));
    }
}
