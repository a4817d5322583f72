mod clients;
mod profiles;
mod profiles_sessions;
mod session;
