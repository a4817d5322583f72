//! One model in this process: a thread that owns llama.cpp's model and context (they are not
//! `Send`), loads the GGUF on the first request, and answers requests one at a time. The
//! context keeps the last prompt's tokens, so a turn that extends the conversation only
//! evaluates what is new; and a prompt read from scratch is kept on disk, so the next process
//! that starts with the same system prompt reads only what follows it.

use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc as std_mpsc;

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;
use oi_model::inline_reasoning::{Piece, ThinkSplitter};
use oi_model::{ModelError, ModelEvent, ModelRequest};
use tokio::sync::{mpsc, oneshot};

use crate::RuntimeError;
use crate::calls::{CallSplitter, Part};
use crate::template::ChatTemplate;

/// Most tokens of context the runtime gives a model, whatever it was trained for: memory for
/// the KV cache grows with it, and the engine fits the conversation into what is reported.
pub const CONTEXT_CAP: u32 = 8192;

/// What the loaded model is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelFacts {
    /// Tokens of context the model runs with.
    pub n_ctx: u32,
    /// Tokens of context it was trained with (the GGUF's `context_length`).
    pub n_ctx_train: u32,
}

/// How the engine runs.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    pub threads: i32,
    pub context_cap: u32,
    /// Where the state of a prompt read from scratch is kept between processes (`None`: not
    /// kept). A session's first request then starts from the system prompt already read.
    pub prompt_cache: Option<PathBuf>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map_or(4, |n| n.get());
        EngineOptions {
            threads: i32::try_from(threads).unwrap_or(4),
            context_cap: CONTEXT_CAP,
            prompt_cache: crate::models::models_dir()
                .map(|models| models.with_file_name("prompt-cache")),
        }
    }
}

pub(crate) type EventSender = mpsc::Sender<Result<ModelEvent, ModelError>>;

enum Job {
    Facts(oneshot::Sender<Result<ModelFacts, RuntimeError>>),
    /// Read a prompt ahead of its request, before any request of this process.
    Warm(Box<ModelRequest>),
    Generate {
        request: Box<ModelRequest>,
        events: EventSender,
        cancel: Arc<AtomicBool>,
    },
}

impl Job {
    fn fail(self, error: RuntimeError) {
        match self {
            Job::Facts(reply) => {
                let _ = reply.send(Err(error));
            }
            Job::Generate { events, .. } => {
                let _ = events.blocking_send(Err(error.into_model_error()));
            }
            // The request that follows says what went wrong.
            Job::Warm(_) => {}
        }
    }
}

/// A handle on the engine thread of one GGUF file.
pub struct Engine {
    path: PathBuf,
    jobs: std_mpsc::Sender<Job>,
}

impl Engine {
    /// Starts the thread; the model loads on the first request.
    pub fn start(path: PathBuf, options: EngineOptions) -> Result<Engine, RuntimeError> {
        let (jobs, rx) = std_mpsc::channel();
        let thread_path = path.clone();
        std::thread::Builder::new()
            .name("llama".into())
            .spawn(move || serve(&thread_path, &options, &rx))
            .map_err(|e| RuntimeError::Engine(format!("cannot start its thread: {e}")))?;
        Ok(Engine { path, jobs })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Starts loading the model now, so that the first request does not wait for it (a person
    /// is still typing). A failure is reported by that request, which tries again.
    pub fn preload(&self) {
        let (reply, _) = oneshot::channel();
        let _ = self.send(Job::Facts(reply));
    }

    /// Loads the model if it is not loaded yet, and says what it is.
    pub async fn facts(&self) -> Result<ModelFacts, RuntimeError> {
        let (reply, answer) = oneshot::channel();
        self.send(Job::Facts(reply))?;
        answer.await.map_err(|_| stopped())?
    }

    /// Reads `request`'s prompt now, while the person is still typing, and keeps it (see
    /// [`EngineOptions::prompt_cache`]): the first request, which shares its start, reads only
    /// what follows. Skipped once a request has run (its prompt is in the context already).
    pub fn warm(&self, request: ModelRequest) {
        let _ = self.send(Job::Warm(Box::new(request)));
    }

    /// Queues a request; its events arrive on `events` (the last one `Done`, or an error).
    /// Setting `cancel` stops the generation at the next token.
    pub fn generate(
        &self,
        request: ModelRequest,
        events: EventSender,
        cancel: Arc<AtomicBool>,
    ) -> Result<(), RuntimeError> {
        self.send(Job::Generate {
            request: Box::new(request),
            events,
            cancel,
        })
    }

    fn send(&self, job: Job) -> Result<(), RuntimeError> {
        self.jobs.send(job).map_err(|_| stopped())
    }
}

fn stopped() -> RuntimeError {
    RuntimeError::Engine("its thread stopped".into())
}

/// The thread: load on the first job (again on the next one if loading failed), then serve.
fn serve(path: &Path, options: &EngineOptions, jobs: &std_mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let backend = match crate::backend() {
            Ok(b) => b,
            Err(e) => {
                first.fail(e);
                continue;
            }
        };
        let began = std::time::Instant::now();
        let loaded = match Loaded::load(backend, path, options) {
            Ok(l) => l,
            Err(e) => {
                first.fail(e);
                continue;
            }
        };
        let mut ctx = match loaded.new_context(backend, options) {
            Ok(c) => c,
            Err(e) => {
                first.fail(e);
                continue;
            }
        };
        let mut session = Session {
            loaded: &loaded,
            cached: Vec::new(),
            answered: false,
            disk: options
                .prompt_cache
                .as_deref()
                .and_then(|dir| DiskPrompt::for_model(dir, path, loaded.facts.n_ctx)),
        };
        session.restore(&mut ctx);
        tracing::debug!(
            ms = began.elapsed().as_millis() as u64,
            "model loaded and kept prompt restored"
        );
        let mut next = Some(first);
        while let Some(job) = next.take().or_else(|| jobs.recv().ok()) {
            session.run(&mut ctx, job);
        }
        return;
    }
}

/// The model and what was read from it once.
struct Loaded {
    model: LlamaModel,
    template: ChatTemplate,
    facts: ModelFacts,
}

impl Loaded {
    fn load(
        backend: &LlamaBackend,
        path: &Path,
        options: &EngineOptions,
    ) -> Result<Loaded, RuntimeError> {
        check_file(path)?;
        let params = LlamaModelParams::default();
        let model = LlamaModel::load_from_file(backend, path, &params).map_err(|_| {
            RuntimeError::Load(
                "llama.cpp could not load it (not a GGUF model, truncated, or an architecture \
                 this llama.cpp does not know; RUST_LOG=llama_cpp_2=info shows llama.cpp's reason)"
                    .into(),
            )
        })?;
        let source = model
            .meta_val_str("tokenizer.chat_template")
            .map_err(|_| RuntimeError::NoTemplate)?;
        let vocab = model.vocab();
        let text_of = |token: LlamaToken| {
            String::from_utf8_lossy(&vocab.token_to_piece(token, true, None)).into_owned()
        };
        let template = ChatTemplate::new(&source, text_of(vocab.bos()), text_of(vocab.eos()))?;
        let n_ctx_train = model.n_ctx_train();
        let n_ctx = n_ctx_train.clamp(512, options.context_cap.max(512));
        Ok(Loaded {
            model,
            template,
            facts: ModelFacts { n_ctx, n_ctx_train },
        })
    }

    fn new_context<'m>(
        &'m self,
        backend: &LlamaBackend,
        options: &EngineOptions,
    ) -> Result<LlamaContext<'m>, RuntimeError> {
        let params = LlamaContextParams::default()
            .with_n_ctx(NonZeroU32::new(self.facts.n_ctx))
            .with_n_batch(BATCH)
            .with_n_threads(options.threads)
            .with_n_threads_batch(options.threads);
        self.model.new_context(backend, params).map_err(|e| {
            RuntimeError::Engine(format!("no context of {} tokens: {e}", self.facts.n_ctx))
        })
    }
}

/// Tokens evaluated per llama.cpp batch while reading a prompt.
const BATCH: u32 = 512;

/// A missing file, a directory or a file too short to be a GGUF is said before llama.cpp sees it.
fn check_file(path: &Path) -> Result<(), RuntimeError> {
    let meta = std::fs::metadata(path).map_err(|e| RuntimeError::Load(format!("{e}")))?;
    if !meta.is_file() {
        return Err(RuntimeError::Load("it is not a file".into()));
    }
    let mut magic = [0u8; 4];
    let read = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .map_err(|e| RuntimeError::Load(format!("cannot read it: {e}")));
    if read.is_err() || &magic != b"GGUF" {
        return Err(RuntimeError::Load(
            "it is not a GGUF file (it does not start with `GGUF`)".into(),
        ));
    }
    Ok(())
}

/// The context's state between requests.
struct Session<'m> {
    loaded: &'m Loaded,
    /// The tokens whose keys and values the context holds, from position 0.
    cached: Vec<LlamaToken>,
    disk: Option<DiskPrompt>,
    /// A request ran: a prompt read ahead would only push its context out.
    answered: bool,
}

/// The file that keeps a context's state for the next process on the same model: the tokens
/// and their keys and values, as llama.cpp writes them.
struct DiskPrompt {
    file: PathBuf,
    /// Saved (or found good) by this process: it is not written again.
    settled: bool,
}

impl DiskPrompt {
    /// The file of this model (its path, size and time: a changed file is another model) at
    /// this context size.
    fn for_model(dir: &Path, model: &Path, n_ctx: u32) -> Option<DiskPrompt> {
        let meta = std::fs::metadata(model).ok()?;
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs());
        let stem = model.file_stem()?.to_string_lossy();
        let mut place = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&model, &mut place);
        let place = std::hash::Hasher::finish(&place);
        Some(DiskPrompt {
            file: dir.join(format!(
                "{stem}-{place:016x}-{}-{modified}-{n_ctx}.state",
                meta.len()
            )),
            settled: false,
        })
    }

    /// Files a process stopped writing (killed mid-write) an hour or more ago.
    fn remove_stale_partials(&self) {
        let Some(dir) = self.file.parent() else {
            return;
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let hour = std::time::Duration::from_secs(3600);
        for entry in entries.flatten() {
            let path = entry.path();
            let stale = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age >= hour);
            if stale && path.extension().is_some_and(|e| e == "partial") {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

impl Session<'_> {
    /// Starts from the prompt an earlier process kept, when there is one. A file llama.cpp
    /// refuses (another llama.cpp, cut short) is removed, and written again later.
    fn restore(&mut self, ctx: &mut LlamaContext<'_>) {
        let Some(disk) = &self.disk else { return };
        disk.remove_stale_partials();
        if !disk.file.is_file() {
            return;
        }
        match ctx.state_load_file(&disk.file, self.loaded.facts.n_ctx as usize) {
            Ok(tokens) => {
                tracing::debug!(tokens = tokens.len(), file = %disk.file.display(), "prompt restored");
                self.cached = tokens;
            }
            Err(e) => {
                tracing::info!(file = %disk.file.display(), "the kept prompt is not used: {e}");
                ctx.clear_kv_cache();
                self.cached.clear();
                let _ = std::fs::remove_file(&disk.file);
            }
        }
    }

    /// Keeps the context for the next process, once, when its prompt was mostly read anew
    /// (no file yet, or a system prompt that changed).
    fn keep(&mut self, ctx: &LlamaContext<'_>, reused: usize, prompt_len: usize) {
        let Some(disk) = &mut self.disk else { return };
        if disk.settled {
            return;
        }
        disk.settled = true;
        if reused * 2 >= prompt_len {
            return;
        }
        let Some(dir) = disk.file.parent() else {
            return;
        };
        // Written beside, then renamed: another process never reads half a file.
        let partial = disk
            .file
            .with_extension(format!("{}.partial", std::process::id()));
        let saved = std::fs::create_dir_all(dir)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                ctx.state_save_file(&partial, &self.cached)
                    .map_err(|e| e.to_string())
            })
            .and_then(|()| std::fs::rename(&partial, &disk.file).map_err(|e| e.to_string()));
        if let Err(e) = saved {
            let _ = std::fs::remove_file(&partial);
            tracing::info!(file = %disk.file.display(), "the prompt is not kept: {e}");
        }
    }

    fn run(&mut self, ctx: &mut LlamaContext<'_>, job: Job) {
        match job {
            Job::Facts(reply) => {
                let _ = reply.send(Ok(self.loaded.facts.clone()));
            }
            Job::Warm(request) => {
                if self.answered {
                    return;
                }
                if let Err(e) = self.read_ahead(ctx, &request) {
                    tracing::debug!("the prompt was not read ahead: {e}");
                }
            }
            Job::Generate {
                request,
                events,
                cancel,
            } => {
                self.answered = true;
                if let Err(e) = self.generate(ctx, &request, &events, &cancel) {
                    let _ = events.blocking_send(Err(e.into_model_error()));
                }
            }
        }
    }

    /// Reads a prompt that no request asked for yet, and keeps it for the next process.
    fn read_ahead(
        &mut self,
        ctx: &mut LlamaContext<'_>,
        request: &ModelRequest,
    ) -> Result<(), RuntimeError> {
        let prompt = self.tokenize(&self.loaded.template.render(request)?);
        if prompt.is_empty() || prompt.len() >= self.loaded.facts.n_ctx as usize {
            return Ok(());
        }
        let reused = self.evaluate_prompt(ctx, &prompt)?;
        self.keep(ctx, reused, prompt.len());
        Ok(())
    }

    fn generate(
        &mut self,
        ctx: &mut LlamaContext<'_>,
        request: &ModelRequest,
        events: &EventSender,
        cancel: &AtomicBool,
    ) -> Result<(), RuntimeError> {
        let prompt_text = self.loaded.template.render(request)?;
        let prompt = self.tokenize(&prompt_text);
        if prompt.is_empty() {
            return Err(RuntimeError::Template("it rendered an empty prompt".into()));
        }
        let n_ctx = self.loaded.facts.n_ctx as usize;
        if prompt.len() >= n_ctx {
            return Err(RuntimeError::ContextFull {
                prompt: prompt.len(),
                n_ctx,
            });
        }
        let reused = self.evaluate_prompt(ctx, &prompt)?;
        // Before the answer: a process that exits once it has its answer (`exec`) still
        // leaves the prompt for the next one. Only a first prompt read anew pays for it.
        self.keep(ctx, reused, prompt.len());
        let mut sampler = sampler_for(request.temperature);
        let vocab = self.loaded.model.vocab();
        let limit = request
            .max_tokens
            .map_or(usize::MAX, |m| m as usize)
            .min(n_ctx - prompt.len());
        let mut out = Output::new(events);
        let mut generated = 0usize;
        let mut batch = LlamaBatch::new(1, 1);
        let mut last = -1; // the last logits of the batch just decoded
        let stop_reason = loop {
            if cancel.load(Ordering::Relaxed) || events.is_closed() {
                return Ok(());
            }
            if generated >= limit {
                break "length";
            }
            let token = sampler.sample(ctx, last);
            if vocab.is_eog(token) {
                break "stop";
            }
            generated += 1;
            out.bytes(&vocab.token_to_piece(token, false, None));
            if !out.flush_ready() {
                return Ok(());
            }
            batch.clear();
            batch
                .add(token, self.cached.len() as i32, &[0], true)
                .map_err(|e| RuntimeError::Engine(e.to_string()))?;
            self.cached.push(token);
            if let Err(e) = ctx.decode(&mut batch) {
                self.cached.clear();
                return Err(RuntimeError::Engine(format!("decoding failed: {e}")));
            }
            last = 0;
        };
        out.finish([
            ModelEvent::Usage {
                input_tokens: prompt.len() as u32,
                output_tokens: generated as u32,
            },
            ModelEvent::Done {
                stop_reason: Some(stop_reason.to_string()),
            },
        ]);
        Ok(())
    }

    fn tokenize(&self, text: &str) -> Vec<LlamaToken> {
        let vocab = self.loaded.model.vocab();
        let bos_text = vocab.token_to_piece(vocab.bos(), true, None);
        // A template that writes the BOS token itself must not get a second one.
        let add_bos = vocab.should_add_bos() && !text.as_bytes().starts_with(&bos_text);
        let mut tokens = Vec::new();
        if add_bos {
            tokens.push(vocab.bos());
        }
        tokens.extend(vocab.tokenize(text.as_bytes(), false, true));
        tokens
    }

    /// Brings the context to `prompt`, keeping what it shares with the previous one; returns
    /// how many of its tokens were kept.
    fn evaluate_prompt(
        &mut self,
        ctx: &mut LlamaContext<'_>,
        prompt: &[LlamaToken],
    ) -> Result<usize, RuntimeError> {
        let shared = self
            .cached
            .iter()
            .zip(prompt)
            .take_while(|(a, b)| a == b)
            .count()
            // The last prompt token is always evaluated again: its logits start the answer.
            .min(prompt.len() - 1);
        let kept = ctx
            .clear_kv_cache_seq(Some(0), Some(shared as u32), None)
            .unwrap_or(false);
        let start = if kept {
            shared
        } else {
            ctx.clear_kv_cache();
            0
        };
        self.cached.truncate(start);
        let began = std::time::Instant::now();
        let mut batch = LlamaBatch::new(BATCH as usize, 1);
        for chunk_start in (start..prompt.len()).step_by(BATCH as usize) {
            let chunk_end = (chunk_start + BATCH as usize).min(prompt.len());
            batch.clear();
            for (pos, token) in prompt.iter().enumerate().take(chunk_end).skip(chunk_start) {
                let wants_logits = pos + 1 == prompt.len();
                batch
                    .add(*token, pos as i32, &[0], wants_logits)
                    .map_err(|e| RuntimeError::Engine(e.to_string()))?;
            }
            if let Err(e) = ctx.decode(&mut batch) {
                self.cached.clear();
                ctx.clear_kv_cache();
                return Err(RuntimeError::Engine(format!(
                    "reading the prompt failed: {e}"
                )));
            }
            self.cached
                .extend_from_slice(&prompt[chunk_start..chunk_end]);
        }
        tracing::debug!(
            tokens = prompt.len(),
            kept = start,
            ms = began.elapsed().as_millis() as u64,
            "prompt read"
        );
        Ok(start)
    }
}

/// llama.cpp's server defaults (top-k 40, top-p 0.95, min-p 0.05, temperature 0.8); greedy at
/// temperature 0, as the server does.
fn sampler_for(temperature: Option<f32>) -> LlamaSampler {
    let t = temperature.unwrap_or(0.8);
    if t <= 0.0 {
        return LlamaSampler::greedy();
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    LlamaSampler::chain_simple([
        LlamaSampler::top_k(40),
        LlamaSampler::top_p(0.95, 1),
        LlamaSampler::min_p(0.05, 1),
        LlamaSampler::temp(t),
        LlamaSampler::dist(seed),
    ])
}

/// Turns token bytes into events: whole UTF-8 characters, reasoning split off, tool calls out.
struct Output<'a> {
    events: &'a EventSender,
    pending: Vec<u8>,
    think: ThinkSplitter,
    calls: CallSplitter,
    ready: Vec<ModelEvent>,
}

impl<'a> Output<'a> {
    fn new(events: &'a EventSender) -> Self {
        Output {
            events,
            pending: Vec::new(),
            think: ThinkSplitter::default(),
            calls: CallSplitter::default(),
            ready: Vec::new(),
        }
    }

    fn bytes(&mut self, piece: &[u8]) {
        self.pending.extend_from_slice(piece);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(s) => s.len(),
            // An incomplete character at the end waits for the next token's bytes.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let chunk: Vec<u8> = self.pending.drain(..valid).collect();
        let text = String::from_utf8_lossy(&chunk).into_owned();
        if !text.is_empty() {
            let pieces = self.think.push(&text);
            self.take(pieces);
        }
    }

    fn take(&mut self, pieces: Vec<Piece>) {
        for piece in pieces {
            match piece {
                Piece::Reasoning(r) => self.ready.push(ModelEvent::ReasoningDelta(r)),
                Piece::Text(t) => {
                    let parts = self.calls.push(&t);
                    self.take_parts(parts);
                }
            }
        }
    }

    fn take_parts(&mut self, parts: Vec<Part>) {
        for part in parts {
            self.ready.push(match part {
                Part::Text(t) => ModelEvent::TextDelta(t),
                Part::Call(c) => ModelEvent::ToolCall(c),
            });
        }
    }

    /// Sends what is decided; false when nobody listens any more.
    fn flush_ready(&mut self) -> bool {
        for event in self.ready.drain(..) {
            if self.events.blocking_send(Ok(event)).is_err() {
                return false;
            }
        }
        true
    }

    /// The answer ended: everything held is decided, then `last` is sent.
    fn finish(&mut self, last: [ModelEvent; 2]) {
        if !self.pending.is_empty() {
            let rest = String::from_utf8_lossy(&std::mem::take(&mut self.pending)).into_owned();
            let pieces = self.think.push(&rest);
            self.take(pieces);
        }
        let pieces = self.think.finish();
        self.take(pieces);
        let parts = self.calls.finish();
        self.take_parts(parts);
        self.ready.extend(last);
        self.flush_ready();
    }
}
