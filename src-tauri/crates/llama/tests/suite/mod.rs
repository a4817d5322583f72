mod download;
mod model;
mod support;
