//! The X11 CLIPBOARD selection on x11rb: reading asks the owner for UTF-8 text; copying makes a
//! hidden window of the helper the owner, and a thread answers other programs' requests for as
//! long as the helper runs (X keeps no copy: when the helper ends, so does what it copied,
//! unless a clipboard manager took it).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oi_computer::{Clipboard, DeviceError};
use x11rb::connection::{Connection, RequestConnection as _};
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ConnectionExt as _, CreateWindowAux, EventMask, PropMode,
    SELECTION_NOTIFY_EVENT, SelectionNotifyEvent, SelectionRequestEvent, Window, WindowClass,
};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;
use x11rb::{COPY_DEPTH_FROM_PARENT, CURRENT_TIME, NONE};

/// How long the clipboard's owner may take to hand over its text.
const ANSWER_WAIT: Duration = Duration::from_secs(2);

#[derive(Clone, Copy)]
struct Atoms {
    clipboard: Atom,
    targets: Atom,
    utf8: Atom,
    text: Atom,
    incr: Atom,
    /// The property of the reading window the owner writes the text to.
    transfer: Atom,
}

pub struct X11Clipboard {
    /// Owns the selection; its events are the owner thread's.
    owner: Arc<RustConnection>,
    owner_window: Window,
    /// Reads the selection (its events are this struct's).
    reader: RustConnection,
    reader_window: Window,
    atoms: Atoms,
    /// What this helper put on the clipboard, while it owns it.
    copied: Arc<Mutex<Option<Vec<u8>>>>,
}

fn failed(what: &str, e: impl std::fmt::Display) -> DeviceError {
    DeviceError::failed(format!("clipboard: {what}: {e}"))
}

fn connect() -> Result<(RustConnection, Window), DeviceError> {
    let (conn, screen) = x11rb::connect(None).map_err(|e| DeviceError::NoDisplay {
        message: format!(
            "cannot connect to the X display {:?} for the clipboard ({e})",
            std::env::var("DISPLAY").unwrap_or_default()
        ),
    })?;
    let root = conn.setup().roots[screen].root;
    let window = conn.generate_id().map_err(|e| failed("no window id", e))?;
    conn.create_window(
        COPY_DEPTH_FROM_PARENT,
        window,
        root,
        0,
        0,
        1,
        1,
        0,
        WindowClass::INPUT_OUTPUT,
        0,
        &CreateWindowAux::new().event_mask(EventMask::PROPERTY_CHANGE),
    )
    .map_err(|e| failed("cannot create its window", e))?;
    conn.flush().map_err(|e| failed("X connection", e))?;
    Ok((conn, window))
}

fn intern(conn: &RustConnection, name: &str) -> Result<Atom, DeviceError> {
    conn.intern_atom(false, name.as_bytes())
        .map_err(|e| failed(name, e))?
        .reply()
        .map(|r| r.atom)
        .map_err(|e| failed(name, e))
}

impl X11Clipboard {
    pub fn connect() -> Result<Self, DeviceError> {
        let (owner, owner_window) = connect()?;
        let (reader, reader_window) = connect()?;
        let atoms = Atoms {
            clipboard: intern(&reader, "CLIPBOARD")?,
            targets: intern(&reader, "TARGETS")?,
            utf8: intern(&reader, "UTF8_STRING")?,
            text: intern(&reader, "TEXT")?,
            incr: intern(&reader, "INCR")?,
            transfer: intern(&reader, "OI_CLIPBOARD")?,
        };
        let owner = Arc::new(owner);
        let copied = Arc::new(Mutex::new(None));
        let (conn, state) = (owner.clone(), copied.clone());
        std::thread::Builder::new()
            .name("clipboard-owner".into())
            .spawn(move || {
                if let Err(e) = serve(&conn, owner_window, atoms, &state) {
                    tracing::warn!("the clipboard owner stopped: {e}");
                }
            })
            .map_err(|e| failed("cannot start its thread", e))?;
        Ok(X11Clipboard {
            owner,
            owner_window,
            reader,
            reader_window,
            atoms,
            copied,
        })
    }

    fn ask_owner(&self, target: Atom) -> Result<Option<SelectionNotifyEvent>, DeviceError> {
        let conn = &self.reader;
        conn.convert_selection(
            self.reader_window,
            self.atoms.clipboard,
            target,
            self.atoms.transfer,
            CURRENT_TIME,
        )
        .map_err(|e| failed("cannot ask its owner", e))?;
        conn.flush().map_err(|e| failed("X connection", e))?;
        let deadline = Instant::now() + ANSWER_WAIT;
        while Instant::now() < deadline {
            match conn
                .poll_for_event()
                .map_err(|e| failed("X connection", e))?
            {
                Some(Event::SelectionNotify(n)) if n.requestor == self.reader_window => {
                    return Ok(Some(n));
                }
                Some(_) => {}
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        Ok(None)
    }
}

impl Clipboard for X11Clipboard {
    fn text(&mut self) -> Result<String, DeviceError> {
        let owner = self
            .reader
            .get_selection_owner(self.atoms.clipboard)
            .map_err(|e| failed("cannot find its owner", e))?
            .reply()
            .map_err(|e| failed("cannot find its owner", e))?
            .owner;
        if owner == NONE {
            return Ok(String::new());
        }
        let mut answer = None;
        for target in [self.atoms.utf8, AtomEnum::STRING.into()] {
            answer = self.ask_owner(target)?;
            if answer.is_some_and(|n| n.property != NONE) {
                break;
            }
        }
        let Some(answer) = answer else {
            return Err(DeviceError::failed(format!(
                "the program holding the clipboard did not hand over its content within {} s",
                ANSWER_WAIT.as_secs()
            )));
        };
        if answer.property == NONE {
            return Err(DeviceError::failed(
                "the clipboard holds no text (an image or files?)",
            ));
        }
        let reply = self
            .reader
            .get_property(
                true,
                self.reader_window,
                self.atoms.transfer,
                AtomEnum::ANY,
                0,
                u32::MAX / 4,
            )
            .map_err(|e| failed("cannot read the text", e))?
            .reply()
            .map_err(|e| failed("cannot read the text", e))?;
        if reply.type_ == self.atoms.incr {
            return Err(DeviceError::failed(
                "the clipboard's text is too large to read here (it comes in parts, INCR)",
            ));
        }
        Ok(String::from_utf8_lossy(&reply.value).into_owned())
    }

    fn set_text(&mut self, text: &str) -> Result<(), DeviceError> {
        // Larger text would need the INCR protocol; the request limit is in 4-byte units.
        let limit = self.owner.maximum_request_bytes().saturating_sub(64);
        if text.len() > limit {
            return Err(DeviceError::failed(format!(
                "the text is too long for the clipboard here ({} bytes, up to {limit})",
                text.len()
            )));
        }
        *self.copied.lock().unwrap_or_else(|e| e.into_inner()) = Some(text.as_bytes().to_vec());
        let conn = &self.owner;
        conn.set_selection_owner(self.owner_window, self.atoms.clipboard, CURRENT_TIME)
            .map_err(|e| failed("cannot take the clipboard", e))?;
        let owner = conn
            .get_selection_owner(self.atoms.clipboard)
            .map_err(|e| failed("cannot take the clipboard", e))?
            .reply()
            .map_err(|e| failed("cannot take the clipboard", e))?
            .owner;
        if owner != self.owner_window {
            return Err(DeviceError::failed("another program kept the clipboard"));
        }
        Ok(())
    }
}

/// The owner's loop: hands the copied text to whoever asks, until the connection ends.
fn serve(
    conn: &RustConnection,
    window: Window,
    atoms: Atoms,
    copied: &Mutex<Option<Vec<u8>>>,
) -> Result<(), Box<dyn std::error::Error>> {
    loop {
        match conn.wait_for_event()? {
            Event::SelectionRequest(request) => {
                let text = copied.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let property = hand_over(conn, &request, atoms, text.as_deref())?;
                let notify = SelectionNotifyEvent {
                    response_type: SELECTION_NOTIFY_EVENT,
                    sequence: 0,
                    time: request.time,
                    requestor: request.requestor,
                    selection: request.selection,
                    target: request.target,
                    property,
                };
                conn.send_event(false, request.requestor, EventMask::NO_EVENT, notify)?;
                conn.flush()?;
            }
            Event::SelectionClear(clear) if clear.selection == atoms.clipboard => {
                // A stale clear (we took the clipboard back since) keeps the text.
                let owner = conn.get_selection_owner(atoms.clipboard)?.reply()?.owner;
                if owner != window {
                    *copied.lock().unwrap_or_else(|e| e.into_inner()) = None;
                }
            }
            _ => {}
        }
    }
}

/// Writes the answer to a request on the requestor's property; the property, or NONE (refused).
fn hand_over(
    conn: &RustConnection,
    request: &SelectionRequestEvent,
    atoms: Atoms,
    text: Option<&[u8]>,
) -> Result<Atom, Box<dyn std::error::Error>> {
    let Some(text) = text.filter(|_| request.selection == atoms.clipboard) else {
        return Ok(NONE);
    };
    // Clients from before ICCCM 2 leave the property empty: the target names it then.
    let property = if request.property == NONE {
        request.target
    } else {
        request.property
    };
    let string: Atom = AtomEnum::STRING.into();
    if request.target == atoms.targets {
        let offered = [atoms.targets, atoms.utf8, atoms.text, string];
        conn.change_property32(
            PropMode::REPLACE,
            request.requestor,
            property,
            AtomEnum::ATOM,
            &offered,
        )?;
    } else if request.target == atoms.utf8 || request.target == atoms.text {
        conn.change_property8(
            PropMode::REPLACE,
            request.requestor,
            property,
            atoms.utf8,
            text,
        )?;
    } else if request.target == string {
        conn.change_property8(PropMode::REPLACE, request.requestor, property, string, text)?;
    } else {
        return Ok(NONE);
    }
    Ok(property)
}
