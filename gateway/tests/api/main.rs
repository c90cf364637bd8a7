//! Integration tests: the real gateway on a random port against the real project-local PostgreSQL, each test on a
//! fresh database (`just test` starts the cluster and exports PMIS_TEST_DATABASE_URL).

mod helpers;

mod actions;
mod admin;
mod auth;
mod backup;
mod binary;
mod children;
mod copy;
mod datatable;
mod export;
mod faults;
mod files;
mod files_hostile;
mod header;
mod health;
mod hostile;
mod import;
mod json_golden;
mod least_privilege;
mod migrations;
mod ncr;
mod openapi;
mod permissions;
mod plans;
mod read_replica;
mod records;
mod registers;
mod registry;
mod reminders;
mod replicas;
mod schedule;
mod scope;
mod screen;
mod security;
mod seed;
mod segregation;
mod selectall;
mod session_guard;
mod shutdown;
mod startup;
mod static_ui;
mod timing;
mod workflow;
mod workflow_mail;
