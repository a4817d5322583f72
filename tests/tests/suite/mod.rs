mod approvals;
mod exec_json;
mod local;
mod mcp;
mod offline;
mod resume;
mod sandbox;
mod terminal;
