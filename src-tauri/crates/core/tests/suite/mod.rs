mod clients;
mod session;
