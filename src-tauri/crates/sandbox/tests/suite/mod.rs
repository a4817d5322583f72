mod backends;
mod escape;
mod fail_closed;
pub mod fixture;
mod limits;
mod scan_corpus;
