//! The generic machinery every register uses: reads (selectall, the data table, exports), record writes, child
//! registers and files, the workflow and its hand-offs, permissions, scope and read rules, the registry and its
//! plan, screens and the OpenAPI document, sign-in and sessions, hostile input, health, startup, shutdown, faults
//! and replicas, migrations, seed and backup.

mod actions;
mod admin;
mod auth;
mod backup;
mod binary;
mod children;
mod compression;
mod copy;
mod datatable;
mod export;
mod export_xlsx;
mod faults;
mod files;
mod files_hostile;
mod header;
mod health;
mod hostile;
mod json_golden;
mod least_privilege;
mod lookup_offers;
mod migrations;
mod openapi;
mod permissions;
mod plans;
mod read_replica;
mod read_rules;
mod readers;
mod records;
mod referenced_rules;
mod registry;
mod registry_plan;
mod replicas;
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
