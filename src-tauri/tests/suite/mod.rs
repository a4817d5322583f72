mod commands;
mod desktop;
mod launch;
mod webdriver;
mod ui_unit;
mod whole_app;
