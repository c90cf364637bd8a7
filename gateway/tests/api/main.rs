//! Integration tests: the real gateway on a random port against the real project-local PostgreSQL, each test on a
//! fresh database (`just test` starts the cluster and exports PMIS_TEST_DATABASE_URL).

mod helpers;

// Grouped by what they cover: the generic machinery every register uses, particular registers and their worked
// examples, and the features built over the engine.
mod engine;
mod features;
mod registers;
