mod clients;
mod session;
mod profiles;
mod profiles_sessions;
