mod backends;
mod escape;
mod escape_namespace;
mod exec_rules;
mod fail_closed;
pub mod fixture;
mod limits;
mod scan_corpus;
