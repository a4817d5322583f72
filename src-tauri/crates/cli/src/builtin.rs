//! The built-in runtime's offers for `--local` and the first-run screen: each recommended model,
//! in the cache already or to download (with a progress bar, resumed if interrupted, checked
//! against its sha256). Without the `local-runtime` feature there are none.

#[cfg(feature = "local-runtime")]
mod with_runtime {
    use std::io::Write;
    use std::path::PathBuf;
    use std::time::Instant;

    use anyhow::{Context, Result};
    use oi_llama::models::{self, Progress, Recommended};

    /// One recommended model, present or not.
    #[derive(Debug, Clone)]
    pub struct Offer {
        model: &'static Recommended,
        dir: PathBuf,
        present: bool,
    }

    /// Every recommended model (none when there is no cache directory).
    pub fn offers() -> Vec<Offer> {
        let Some(dir) = models::models_dir() else {
            return Vec::new();
        };
        models::RECOMMENDED
            .iter()
            .map(|model| Offer {
                model,
                present: model.is_present(&dir),
                dir: dir.clone(),
            })
            .collect()
    }

    impl Offer {
        pub fn is_present(&self) -> bool {
            self.present
        }

        /// `--model` for it.
        pub fn model_string(&self) -> String {
            format!("builtin/{}", self.model.name)
        }

        pub fn label(&self) -> String {
            let state = if self.present {
                "in the cache".to_string()
            } else {
                format!("download {}", self.model.size.human())
            };
            format!(
                "{:<9} {}  ({state}; {})",
                "built-in", self.model.name, self.model.about
            )
        }

        /// Downloads the model unless it is present.
        pub async fn ensure(&self) -> Result<()> {
            if self.present {
                return Ok(());
            }
            let env = |k: &str| std::env::var(k).ok();
            let url = self.model.url(&models::endpoint(&env));
            let dest = self.model.path_in(&self.dir);
            let http = models::http_client()?;
            let mut bar = ProgressBar::new(self.model.name);
            models::download(
                &http,
                &url,
                &dest,
                self.model.exact_size(),
                self.model.sha256,
                &mut |p| bar.show(p),
            )
            .await
            .with_context(|| format!("could not download {}", self.model.name))?;
            bar.done(&dest);
            Ok(())
        }
    }

    /// One line on stderr, redrawn in place.
    struct ProgressBar {
        name: &'static str,
        started: Instant,
        last_drawn: Option<Instant>,
    }

    impl ProgressBar {
        fn new(name: &'static str) -> Self {
            ProgressBar {
                name,
                started: Instant::now(),
                last_drawn: None,
            }
        }

        fn show(&mut self, p: Progress) {
            let now = Instant::now();
            let finished = p.total.is_some_and(|t| p.done >= t);
            if !finished
                && self
                    .last_drawn
                    .is_some_and(|t| now - t < std::time::Duration::from_millis(100))
            {
                return;
            }
            self.last_drawn = Some(now);
            let secs = (now - self.started).as_secs_f64().max(0.001);
            let rate = p.done as f64 / secs / 1e6;
            let line = match p.total {
                Some(total) if total > 0 => {
                    let width = 30;
                    let filled = ((p.done as f64 / total as f64) * width as f64) as usize;
                    format!(
                        "\rdownloading {}  [{}{}]  {:.0}/{:.0} MB  {rate:.1} MB/s ",
                        self.name,
                        "#".repeat(filled.min(width)),
                        ".".repeat(width - filled.min(width)),
                        p.done as f64 / 1e6,
                        total as f64 / 1e6,
                    )
                }
                _ => format!(
                    "\rdownloading {}  {:.0} MB  {rate:.1} MB/s ",
                    self.name,
                    p.done as f64 / 1e6
                ),
            };
            let mut err = std::io::stderr();
            let _ = err.write_all(line.as_bytes());
            let _ = err.flush();
        }

        fn done(&self, dest: &std::path::Path) {
            let _ = writeln!(
                std::io::stderr(),
                "\nchecked its sha256; saved as {}",
                dest.display()
            );
        }
    }
}

#[cfg(feature = "local-runtime")]
pub use with_runtime::{Offer, offers};

#[cfg(not(feature = "local-runtime"))]
mod without_runtime {
    use anyhow::Result;

    /// There is no built-in runtime in this build, so nothing to offer.
    #[derive(Debug, Clone)]
    pub enum Offer {}

    pub fn offers() -> Vec<Offer> {
        Vec::new()
    }

    impl Offer {
        pub fn is_present(&self) -> bool {
            match *self {}
        }
        pub fn model_string(&self) -> String {
            match *self {}
        }
        pub fn label(&self) -> String {
            match *self {}
        }
        pub async fn ensure(&self) -> Result<()> {
            match *self {}
        }
    }
}

#[cfg(not(feature = "local-runtime"))]
pub use without_runtime::{Offer, offers};
