mod commands;
mod desktop;
mod launch;
mod ui_unit;
mod webdriver;
mod whole_app;
