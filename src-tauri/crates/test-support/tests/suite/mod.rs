mod common;
mod openai;
