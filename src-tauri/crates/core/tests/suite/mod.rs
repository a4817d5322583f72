mod clients;
mod local;
mod profiles;
mod profiles_sessions;
mod session;
