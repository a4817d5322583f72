mod commands;
mod desktop;
mod launch;
mod ui_unit;
mod webdriver;
mod visual_approval;
mod whole_app;
