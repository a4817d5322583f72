mod approvals;
mod exec_json;
mod local;
mod offline;
mod resume;
mod sandbox;
mod terminal;
