mod clients;
mod inline_reasoning;
mod local;
mod mcp;
mod profiles;
mod profiles_sessions;
mod rules_spellings;
mod session;
