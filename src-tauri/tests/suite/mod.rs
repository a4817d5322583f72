mod commands;
mod desktop;
mod launch;
mod session_controls;
mod ui_unit;
mod visual_approval;
mod webdriver;
mod whole_app;
