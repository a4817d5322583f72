mod anthropic;
mod common;
mod discovery;
mod ollama;
mod openai;
