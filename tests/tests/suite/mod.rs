mod exec_json;
mod resume;
mod sandbox;
mod terminal;
