//! The `whrc` filter language: the SQL boolean expression the console sends to selectall and datatable,
//! parsed with sqlparser (PostgreSQL dialect) and rebuilt node by node as a sea-query expression.
//!
//! Only a whitelist survives: column references of the entry, literals (number, string, boolean, NULL in
//! `IS NULL`, `DATE '…'`/`TIMESTAMP '…'`), comparisons, `[NOT] LIKE/ILIKE`, `[NOT] IN (literals)`,
//! `IS [NOT] NULL`, `[NOT] BETWEEN`, `AND OR NOT`, parentheses, and a trailing
//! `ORDER BY col [ASC|DESC] [NULLS FIRST|LAST], … LIMIT n OFFSET m`. Every identifier is taken from the registry,
//! every literal becomes a bind parameter (as text, cast to the column's type), and anything else is an error
//! naming the construct and its position, before any SQL is produced.

use std::fmt;

use sea_query::extension::postgres::PgBinOper;
use sea_query::{BinOper, Expr, ExprTrait};
use sqlparser::ast::{
    BinaryOperator, DataType, Expr as Ast, Ident, Spanned, UnaryOperator, Value as AstValue,
};
use sqlparser::dialect::PostgreSqlDialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer, Whitespace};

use crate::model::{Direction, SqlType};
use crate::registry::{Column, Entry};
use crate::values::{self, is_iso_date, is_iso_timestamp};

/// Bounds on what a client may send.
#[derive(Debug, Clone, Copy)]
pub struct FilterLimits {
    /// Bytes of filter text.
    pub max_length: usize,
    /// Nesting of expressions (parentheses, NOT, AND/OR chains).
    pub max_depth: usize,
    /// Items in one `IN (…)` list.
    pub max_in_list: usize,
}

impl Default for FilterLimits {
    fn default() -> Self {
        FilterLimits {
            max_length: 4096,
            max_depth: 32,
            max_in_list: 1000,
        }
    }
}

/// A filter after checking: the condition, and the ordering and paging it asked for.
#[derive(Debug, Clone, Default)]
pub struct CompiledFilter {
    pub condition: Option<Expr>,
    pub order: Vec<OrderKey>,
    pub limit: Option<u64>,
    pub offset: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderKey {
    pub column: String,
    pub direction: Direction,
    pub nulls_first: Option<bool>,
}

/// Where in the filter text a problem is (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: u64,
    pub column: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FilterError {
    pub reason: String,
    pub position: Option<Position>,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason)?;
        match self.position {
            Some(Position { line: 1, column }) => write!(f, " (at position {column})"),
            Some(Position { line, column }) => write!(f, " (at line {line}, column {column})"),
            None => Ok(()),
        }
    }
}

impl FilterError {
    fn new(reason: impl Into<String>, at: Option<Location>) -> Self {
        FilterError {
            reason: reason.into(),
            position: at.and_then(position),
        }
    }
}

fn position(location: Location) -> Option<Position> {
    (location.line > 0).then_some(Position {
        line: location.line,
        column: location.column,
    })
}

type Result<T> = std::result::Result<T, FilterError>;

/// Compiles `text` for `entry`. Empty text is "no filter".
pub fn compile(entry: &Entry, text: &str, limits: &FilterLimits) -> Result<CompiledFilter> {
    if text.trim().is_empty() {
        return Ok(CompiledFilter::default());
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
        .map_err(|error| FilterError::new(error.message, Some(error.location)))?;
    reject_forbidden_tokens(&tokens)?;

    // The parser's own recursion guard sits a little above ours so that our message (with the limit) wins.
    let mut parser = Parser::new(&dialect)
        .with_recursion_limit(limits.max_depth * 2 + 8)
        .with_tokens_with_locations(tokens);
    let compiler = Compiler { entry, limits };
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
            .map_err(|error| parse_error(error, &parser, limits))?;
        Some(compiler.predicate(&ast, 1)?)
    };
    let mut compiled = CompiledFilter {
        condition,
        ..CompiledFilter::default()
    };
    compiler.trailing_clauses(&mut parser, &mut compiled)?;
    Ok(compiled)
}

fn reject_forbidden_tokens(tokens: &[TokenWithSpan]) -> Result<()> {
    for token in tokens {
        let at = Some(token.span.start);
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
        return Err(FilterError::new(reason, at));
    }
    Ok(())
}

fn parse_error(error: ParserError, parser: &Parser, limits: &FilterLimits) -> FilterError {
    match error {
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
            FilterError::new(
                format!("cannot read the filter: {reason}"),
                Some(parser.peek_token().span.start),
            )
        }
    }
}

/// A literal as written by the client.
#[derive(Debug, Clone)]
enum Literal {
    Number(String),
    Text(String),
    Boolean(bool),
    Null,
    Date(String),
    Timestamp(String),
}

impl Literal {
    fn describe(&self) -> String {
        match self {
            Literal::Number(n) => n.clone(),
            Literal::Text(t) => format!("'{t}'"),
            Literal::Boolean(b) => b.to_string(),
            Literal::Null => "NULL".into(),
            Literal::Date(d) => format!("DATE '{d}'"),
            Literal::Timestamp(t) => format!("TIMESTAMP '{t}'"),
        }
    }
}

enum Operand<'e> {
    Column(&'e Column),
    Literal(Literal, Location),
}

struct Compiler<'e> {
    entry: &'e Entry,
    limits: &'e FilterLimits,
}

impl<'e> Compiler<'e> {
    fn predicate(&self, ast: &Ast, depth: usize) -> Result<Expr> {
        if depth > self.limits.max_depth {
            return Err(FilterError::new(
                format!(
                    "the filter is nested deeper than {} levels",
                    self.limits.max_depth
                ),
                Some(ast.span().start),
            ));
        }
        let at = Some(ast.span().start);
        match ast {
            Ast::Nested(inner) => self.predicate(inner, depth + 1),
            Ast::BinaryOp { left, op, right } => match op {
                BinaryOperator::And => Ok(self
                    .predicate(left, depth + 1)?
                    .and(self.predicate(right, depth + 1)?)),
                BinaryOperator::Or => Ok(self
                    .predicate(left, depth + 1)?
                    .or(self.predicate(right, depth + 1)?)),
                BinaryOperator::Eq
                | BinaryOperator::NotEq
                | BinaryOperator::Lt
                | BinaryOperator::LtEq
                | BinaryOperator::Gt
                | BinaryOperator::GtEq => self.comparison(left, op, right),
                other => Err(FilterError::new(
                    format!("the operator `{other}` is not allowed in a filter"),
                    at,
                )),
            },
            Ast::UnaryOp {
                op: UnaryOperator::Not,
                expr,
            } => Ok(self.predicate(expr, depth + 1)?.not()),
            Ast::IsNull(inner) | Ast::IsNotNull(inner) => {
                let column = self.column_operand(inner, "IS NULL")?;
                let col = Expr::col(column.name.clone());
                Ok(if matches!(ast, Ast::IsNull(_)) {
                    col.is_null()
                } else {
                    col.is_not_null()
                })
            }
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
                    return Err(FilterError::new(
                        format!("only `column {word} 'pattern'` is allowed (no ANY, no ESCAPE)"),
                        at,
                    ));
                }
                let column = self.column_operand(expr, word)?;
                if !column.sql_type.is_text() {
                    return Err(FilterError::new(
                        format!("{word} needs a text column; `{}` is not text", column.name),
                        Some(expr.span().start),
                    ));
                }
                let pattern = match self.operand(pattern)? {
                    Operand::Literal(Literal::Text(text), _) => text,
                    _ => {
                        return Err(FilterError::new(
                            format!("{word} needs a quoted pattern such as '%abc%'"),
                            Some(pattern.span().start),
                        ))
                    }
                };
                let col = Expr::col(column.name.clone());
                let value = Expr::val(pattern).cast_as("text");
                Ok(match (case_insensitive, *negated) {
                    (false, false) => col.binary(BinOper::Like, value),
                    (false, true) => col.binary(BinOper::NotLike, value),
                    (true, false) => col.binary(PgBinOper::ILike, value),
                    (true, true) => col.binary(PgBinOper::NotILike, value),
                })
            }
            Ast::InList {
                expr,
                list,
                negated,
            } => {
                let column = self.column_operand(expr, "IN")?;
                if list.len() > self.limits.max_in_list {
                    return Err(FilterError::new(
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
                        Operand::Literal(Literal::Null, location) => {
                            return Err(FilterError::new(
                                "NULL never matches in an IN list; use IS NULL",
                                Some(location),
                            ))
                        }
                        Operand::Literal(literal, location) => {
                            values.push(bind(&literal, column, location)?)
                        }
                        Operand::Column(_) => {
                            return Err(FilterError::new(
                                "an IN list may hold only literals",
                                Some(item.span().start),
                            ))
                        }
                    }
                }
                let op = if *negated {
                    BinOper::NotIn
                } else {
                    BinOper::In
                };
                Ok(Expr::col(column.name.clone()).binary(op, Expr::Tuple(values)))
            }
            Ast::Between {
                expr,
                negated,
                low,
                high,
            } => {
                let column = self.column_operand(expr, "BETWEEN")?;
                if !column.sql_type.is_ordered() {
                    return Err(FilterError::new(
                        format!("`{}` cannot be compared with BETWEEN", column.name),
                        at,
                    ));
                }
                let low = self.literal_for(low, column)?;
                let high = self.literal_for(high, column)?;
                let col = Expr::col(column.name.clone());
                Ok(if *negated {
                    col.not_between(low, high)
                } else {
                    col.between(low, high)
                })
            }
            Ast::Value(value) => match &value.value {
                AstValue::Boolean(true) => Ok(Expr::cust("TRUE")),
                AstValue::Boolean(false) => Ok(Expr::cust("FALSE")),
                _ => Err(FilterError::new(
                    "a filter must be a condition such as `column = value`, not a bare value",
                    at,
                )),
            },
            Ast::Identifier(_) | Ast::CompoundIdentifier(_) => {
                let column = self.column_operand(ast, "a condition")?;
                if column.sql_type == SqlType::Boolean {
                    Ok(Expr::col(column.name.clone()))
                } else {
                    Err(FilterError::new(
                        format!(
                            "`{}` is not a yes/no column; compare it with a value",
                            column.name
                        ),
                        at,
                    ))
                }
            }
            other => Err(FilterError::new(
                format!("{} not allowed in a filter", describe(other)),
                at,
            )),
        }
    }

    fn comparison(&self, left: &Ast, op: &BinaryOperator, right: &Ast) -> Result<Expr> {
        let at = Some(left.span().start);
        let ordering = !matches!(op, BinaryOperator::Eq | BinaryOperator::NotEq);
        let (lhs, rhs) = match (self.operand(left)?, self.operand(right)?) {
            (_, Operand::Literal(Literal::Null, location))
            | (Operand::Literal(Literal::Null, location), _) => {
                return Err(FilterError::new(
                    "a comparison with NULL is never true; use IS NULL or IS NOT NULL",
                    Some(location),
                ))
            }
            (Operand::Column(column), Operand::Literal(literal, location)) => {
                self.comparable(column, ordering, at)?;
                (
                    Expr::col(column.name.clone()),
                    bind(&literal, column, location)?,
                )
            }
            (Operand::Literal(literal, location), Operand::Column(column)) => {
                self.comparable(column, ordering, at)?;
                (
                    bind(&literal, column, location)?,
                    Expr::col(column.name.clone()),
                )
            }
            (Operand::Column(a), Operand::Column(b)) => {
                self.comparable(a, ordering, at)?;
                let same_kind = a.sql_type.compatible_with(b.sql_type)
                    || (a.sql_type.is_number() && b.sql_type.is_number());
                if !same_kind {
                    return Err(FilterError::new(
                        format!(
                            "`{}` and `{}` hold different kinds of values and cannot be compared",
                            a.name, b.name
                        ),
                        at,
                    ));
                }
                (Expr::col(a.name.clone()), Expr::col(b.name.clone()))
            }
            // `7913 = 7913`, `'a' = 'b'`: a condition without a column filters nothing a caller needs, and
            // true/false pairs of constants are how blind injection probes a query, so they are refused.
            (Operand::Literal(a, location), Operand::Literal(b, _)) => {
                return Err(FilterError::new(
                    format!(
                        "{} and {} are both constants; a condition compares a column (leave whrc empty for every row)",
                        a.describe(),
                        b.describe()
                    ),
                    Some(location),
                ))
            }
        };
        let op = match op {
            BinaryOperator::Eq => BinOper::Equal,
            BinaryOperator::NotEq => BinOper::NotEqual,
            BinaryOperator::Lt => BinOper::SmallerThan,
            BinaryOperator::LtEq => BinOper::SmallerThanOrEqual,
            BinaryOperator::Gt => BinOper::GreaterThan,
            _ => BinOper::GreaterThanOrEqual,
        };
        Ok(lhs.binary(op, rhs))
    }

    fn comparable(&self, column: &Column, ordering: bool, at: Option<Location>) -> Result<()> {
        if matches!(column.sql_type, SqlType::Json | SqlType::Jsonb) {
            return Err(FilterError::new(
                format!(
                    "`{}` holds JSON; only IS [NOT] NULL can test it",
                    column.name
                ),
                at,
            ));
        }
        let _ = ordering;
        Ok(())
    }

    fn literal_for(&self, ast: &Ast, column: &Column) -> Result<Expr> {
        match self.operand(ast)? {
            Operand::Literal(Literal::Null, location) => Err(FilterError::new(
                "NULL cannot be a bound of BETWEEN",
                Some(location),
            )),
            Operand::Literal(literal, location) => bind(&literal, column, location),
            Operand::Column(_) => Err(FilterError::new(
                "the bounds of BETWEEN must be literals",
                Some(ast.span().start),
            )),
        }
    }

    fn column_operand(&self, ast: &Ast, context: &str) -> Result<&'e Column> {
        match self.operand(ast)? {
            Operand::Column(column) => Ok(column),
            Operand::Literal(..) => Err(FilterError::new(
                format!(
                    "{context} needs a column of `{}` on its left",
                    self.entry.name
                ),
                Some(ast.span().start),
            )),
        }
    }

    fn operand(&self, ast: &Ast) -> Result<Operand<'e>> {
        let at = ast.span().start;
        match ast {
            Ast::Nested(inner) => self.operand(inner),
            Ast::Identifier(ident) => self.column(ident).map(Operand::Column),
            Ast::CompoundIdentifier(parts) => match parts.as_slice() {
                [relation, column]
                    if [self.entry.name.as_str(), self.entry.table.as_str()]
                        .contains(&identifier_name(relation).as_str()) =>
                {
                    self.column(column).map(Operand::Column)
                }
                _ => Err(FilterError::new(
                    format!(
                        "`{}` refers to another table; a filter may use only columns of `{}`",
                        parts
                            .iter()
                            .map(|part| part.value.as_str())
                            .collect::<Vec<_>>()
                            .join("."),
                        self.entry.name
                    ),
                    Some(at),
                )),
            },
            Ast::Value(value) => {
                let literal = match &value.value {
                    AstValue::Number(number, _) => Literal::Number(number.clone()),
                    AstValue::SingleQuotedString(text) => Literal::Text(text.clone()),
                    AstValue::Boolean(flag) => Literal::Boolean(*flag),
                    AstValue::Null => Literal::Null,
                    other => {
                        return Err(FilterError::new(
                            format!(
                                "the literal {other} is not allowed; use plain 'quoted' strings and numbers"
                            ),
                            Some(at),
                        ))
                    }
                };
                Ok(Operand::Literal(literal, at))
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
                        Ok(Operand::Literal(
                            Literal::Number(format!("{sign}{number}")),
                            at,
                        ))
                    }
                    _ => Err(FilterError::new(
                        "a sign may precede only a number",
                        Some(at),
                    )),
                },
                _ => Err(FilterError::new(
                    "arithmetic is not allowed in a filter",
                    Some(at),
                )),
            },
            Ast::TypedString(typed) => {
                let text = match &typed.value.value {
                    AstValue::SingleQuotedString(text) => text.clone(),
                    _ => {
                        return Err(FilterError::new(
                            "a typed literal needs a plain 'quoted' value",
                            Some(at),
                        ))
                    }
                };
                match typed.data_type {
                    DataType::Date if is_iso_date(&text) => {
                        Ok(Operand::Literal(Literal::Date(text), at))
                    }
                    DataType::Date => Err(FilterError::new(
                        format!("'{text}' is not a date in the form YYYY-MM-DD"),
                        Some(at),
                    )),
                    DataType::Timestamp(..) if is_iso_timestamp(&text) => {
                        Ok(Operand::Literal(Literal::Timestamp(text), at))
                    }
                    DataType::Timestamp(..) => Err(FilterError::new(
                        format!(
                            "'{text}' is not a timestamp in the form YYYY-MM-DD HH:MM[:SS][+HH:MM]"
                        ),
                        Some(at),
                    )),
                    ref other => Err(FilterError::new(
                        format!(
                            "typed literals of type {other} are not allowed; use DATE or TIMESTAMP"
                        ),
                        Some(at),
                    )),
                }
            }
            other => Err(FilterError::new(
                format!("{} not allowed in a filter", describe(other)),
                Some(at),
            )),
        }
    }

    fn column(&self, ident: &Ident) -> Result<&'e Column> {
        let name = identifier_name(ident);
        self.entry.readable_column(&name).ok_or_else(|| {
            let reason = if SYSTEM_COLUMNS.contains(&name.as_str()) {
                format!("`{name}` is a system column; a filter may use only registered columns")
            } else {
                format!("unknown column `{name}` in `{}`", self.entry.name)
            };
            FilterError::new(reason, Some(ident.span.start))
        })
    }

    fn trailing_clauses(&self, parser: &mut Parser, compiled: &mut CompiledFilter) -> Result<()> {
        let error = |parser: &Parser, reason: String| {
            FilterError::new(reason, Some(parser.peek_token().span.start))
        };
        if parser.parse_keyword(Keyword::ORDER) {
            if !parser.parse_keyword(Keyword::BY) {
                return Err(error(parser, "ORDER must be followed by BY".into()));
            }
            loop {
                let ident = parser
                    .parse_identifier()
                    .map_err(|_| error(parser, "ORDER BY needs a column name".into()))?;
                let column = self.column(&ident)?;
                if !column.sortable {
                    return Err(FilterError::new(
                        format!("`{}` is not sortable", column.name),
                        Some(ident.span.start),
                    ));
                }
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
                        return Err(error(
                            parser,
                            "NULLS must be followed by FIRST or LAST".into(),
                        ));
                    }
                } else {
                    None
                };
                compiled.order.push(OrderKey {
                    column: column.name.clone(),
                    direction,
                    nulls_first,
                });
                if !parser.consume_token(&Token::Comma) {
                    break;
                }
            }
        }
        if parser.parse_keyword(Keyword::LIMIT) {
            compiled.limit = Some(
                parser
                    .parse_literal_uint()
                    .map_err(|_| error(parser, "LIMIT needs a whole number".into()))?,
            );
        }
        if parser.parse_keyword(Keyword::OFFSET) {
            compiled.offset = Some(
                parser
                    .parse_literal_uint()
                    .map_err(|_| error(parser, "OFFSET needs a whole number".into()))?,
            );
            let _ = parser.parse_keyword(Keyword::ROWS) || parser.parse_keyword(Keyword::ROW);
        }
        let next = parser.peek_token();
        if next.token != Token::EOF {
            return Err(FilterError::new(
                format!(
                    "unexpected `{}`: a filter is one condition, optionally followed by ORDER BY, LIMIT and OFFSET",
                    next.token
                ),
                Some(next.span.start),
            ));
        }
        Ok(())
    }
}

/// Columns PostgreSQL adds to every table; never registered, named specially in messages.
const SYSTEM_COLUMNS: &[&str] = &["ctid", "xmin", "xmax", "cmin", "cmax", "tableoid", "oid"];

fn identifier_name(ident: &Ident) -> String {
    if ident.quote_style.is_some() {
        ident.value.clone()
    } else {
        ident.value.to_lowercase()
    }
}

/// `literal` as a bind parameter of `column`'s type: sent as text and cast on the server, after a check here
/// that gives a clear message instead of a database error.
fn bind(literal: &Literal, column: &Column, at: Location) -> Result<Expr> {
    let text = literal_text(literal, column, at)?;
    let value = Expr::val(text).cast_as("text");
    Ok(if column.sql_type.is_text() {
        value
    } else {
        value.cast_as(column.sql_type.sql_name())
    })
}

fn literal_text(literal: &Literal, column: &Column, at: Location) -> Result<String> {
    let bad = |expected: &str| {
        FilterError::new(
            format!(
                "{} is not {expected} for column `{}`",
                literal.describe(),
                column.name
            ),
            Some(at),
        )
    };
    let text = match literal {
        Literal::Number(n) | Literal::Text(n) | Literal::Date(n) | Literal::Timestamp(n) => {
            n.clone()
        }
        Literal::Boolean(flag) => flag.to_string(),
        Literal::Null => return Err(bad("a value")),
    };
    let ty = column.sql_type;
    if values::fits(ty, &text) {
        Ok(text)
    } else {
        Err(bad(values::expected(ty)))
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
