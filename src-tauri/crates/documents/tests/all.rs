//! One test binary for oi-documents: every document is made on this machine by a real
//! writer (groff, ghostscript, qpdf, rust_xlsxwriter, docx-rs) or zipped from its XML.
// clippy.toml allows these inside #[test] functions; the shared helpers panic the same way.
#![allow(clippy::expect_used, clippy::unwrap_used)]
mod suite;
