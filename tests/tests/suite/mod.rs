mod exec_json;
mod local;
mod resume;
mod sandbox;
mod terminal;
