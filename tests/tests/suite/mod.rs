mod exec_json;
mod resume;
mod terminal;
mod sandbox;
