mod common;
mod find;
mod office;
mod pdf;
mod web;
