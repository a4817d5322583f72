//! Screen capture with xcap; monitor and window geometry from the X server in device pixels.

use image::RgbaImage;
use oi_computer::{DeviceError, MonitorInfo, Screen, WindowEntry};
use oi_protocol::{Rect, WindowInfo};
use x11rb::CURRENT_TIME;
use x11rb::connection::Connection;
use x11rb::protocol::randr::ConnectionExt as _;
use x11rb::protocol::xproto::{
    AtomEnum, ClientMessageEvent, ConfigureWindowAux, ConnectionExt as _, EventMask, InputFocus,
    MapState, StackMode, Window,
};
use x11rb::rust_connection::RustConnection;

pub struct XcapScreen {
    conn: RustConnection,
    root: Window,
}

fn failed(what: &str, e: impl std::fmt::Display) -> DeviceError {
    DeviceError::failed(format!("{what}: {e}"))
}

fn capture_error(e: xcap::XCapError) -> DeviceError {
    let message = e.to_string();
    let lower = message.to_lowercase();
    if lower.contains("permission") || lower.contains("denied") || lower.contains("portal") {
        DeviceError::Permission {
            message: format!(
                "the screen cannot be captured ({message}): on Wayland allow screen capture through the desktop portal, \
                 on macOS give this program Screen Recording permission (System Settings → Privacy & Security)"
            ),
        }
    } else {
        failed("screen capture failed", message)
    }
}

impl XcapScreen {
    pub fn connect() -> Result<Self, DeviceError> {
        let (conn, screen) = x11rb::connect(None).map_err(|e| DeviceError::NoDisplay {
            message: format!(
                "cannot connect to the X display {:?} ({e}): check that DISPLAY names a running X server you may use (xauth)",
                std::env::var("DISPLAY").unwrap_or_default()
            ),
        })?;
        let root = conn
            .setup()
            .roots
            .get(screen)
            .map(|s| s.root)
            .ok_or_else(|| failed("X server", "no screen"))?;
        Ok(XcapScreen { conn, root })
    }

    fn atom(&self, name: &str) -> Result<u32, DeviceError> {
        let reply = self
            .conn
            .intern_atom(false, name.as_bytes())
            .map_err(|e| failed("X request", e))?
            .reply()
            .map_err(|e| failed("X request", e))?;
        Ok(reply.atom)
    }

    fn property(&self, window: Window, name: &str, kind: impl Into<u32>) -> Option<Vec<u8>> {
        let atom = self.atom(name).ok()?;
        let reply = self
            .conn
            .get_property(false, window, atom, kind.into(), 0, 4096)
            .ok()?
            .reply()
            .ok()?;
        (reply.format != 0).then_some(reply.value)
    }

    fn windows_property(&self, window: Window, name: &str) -> Option<Vec<Window>> {
        let bytes = self.property(window, name, AtomEnum::WINDOW)?;
        Some(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }

    fn title(&self, window: Window) -> String {
        let utf8 = self.atom("UTF8_STRING").unwrap_or(0);
        self.property(window, "_NET_WM_NAME", utf8)
            .or_else(|| self.property(window, "WM_NAME", AtomEnum::STRING))
            .map(|b| {
                String::from_utf8_lossy(&b)
                    .trim_end_matches('\0')
                    .to_string()
            })
            .unwrap_or_default()
    }

    /// WM_CLASS's class part (the application), e.g. `Tk` or `XTerm`.
    fn app_name(&self, window: Window) -> Option<String> {
        let bytes = self.property(window, "WM_CLASS", AtomEnum::STRING)?;
        let parts: Vec<&[u8]> = bytes.split(|b| *b == 0).filter(|p| !p.is_empty()).collect();
        parts.last().map(|p| String::from_utf8_lossy(p).to_string())
    }

    fn pid(&self, window: Window) -> Option<u32> {
        let b = self.property(window, "_NET_WM_PID", AtomEnum::CARDINAL)?;
        (b.len() >= 4).then(|| u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn bounds(&self, window: Window) -> Option<Rect> {
        let geo = self.conn.get_geometry(window).ok()?.reply().ok()?;
        let at = self
            .conn
            .translate_coordinates(window, self.root, 0, 0)
            .ok()?
            .reply()
            .ok()?;
        Some(Rect {
            x: at.dst_x as i32,
            y: at.dst_y as i32,
            width: geo.width as u32,
            height: geo.height as u32,
        })
    }

    /// The application window at or below `window` (window managers wrap clients in frames).
    fn client_of(&self, window: Window, depth: u32) -> Option<Window> {
        if self.app_name(window).is_some() {
            return Some(window);
        }
        if depth == 0 {
            return None;
        }
        let tree = self.conn.query_tree(window).ok()?.reply().ok()?;
        tree.children
            .iter()
            .rev()
            .find_map(|c| self.client_of(*c, depth - 1))
    }

    fn info(&self, window: Window) -> WindowInfo {
        WindowInfo {
            id: Some(window),
            title: self.title(window),
            app_name: self.app_name(window).unwrap_or_default(),
            pid: self.pid(window),
            bounds: self.bounds(window),
        }
    }

    /// Top-level client windows, bottom-most first.
    fn stacking(&self) -> Result<Vec<Window>, DeviceError> {
        if let Some(list) = self.windows_property(self.root, "_NET_CLIENT_LIST_STACKING") {
            return Ok(list);
        }
        // No window manager: the root's mapped children, in stacking order.
        let tree = self
            .conn
            .query_tree(self.root)
            .map_err(|e| failed("X request", e))?
            .reply()
            .map_err(|e| failed("X request", e))?;
        Ok(tree
            .children
            .into_iter()
            .filter(|w| {
                self.conn
                    .get_window_attributes(*w)
                    .ok()
                    .and_then(|c| c.reply().ok())
                    .is_some_and(|a| a.map_state == MapState::VIEWABLE)
            })
            .filter_map(|w| self.client_of(w, 2))
            .collect())
    }

    /// The process owning the focused window.
    pub(crate) fn focused_pid(&self) -> Option<u32> {
        self.focused().and_then(|w| self.pid(w))
    }

    /// Where the windows of `pids` are, front-most first.
    pub(crate) fn bounds_of_pids(&self, pids: &[u32]) -> Vec<Rect> {
        let Ok(mut stack) = self.stacking() else {
            return Vec::new();
        };
        stack.reverse();
        stack
            .into_iter()
            .filter(|w| self.pid(*w).is_some_and(|p| pids.contains(&p)))
            .filter_map(|w| self.bounds(w))
            .collect()
    }

    fn focused(&self) -> Option<Window> {
        if let Some(active) = self
            .windows_property(self.root, "_NET_ACTIVE_WINDOW")
            .and_then(|w| w.first().copied())
        {
            return (active != 0).then_some(active);
        }
        let mut focus = self.conn.get_input_focus().ok()?.reply().ok()?.focus;
        if focus == 1 {
            // PointerRoot (no window manager): the keyboard goes to the window under the pointer.
            focus = self.conn.query_pointer(self.root).ok()?.reply().ok()?.child;
        }
        if focus == 0 || focus == self.root {
            return None;
        }
        // Climb to the top-level window, then down to the client in it.
        let mut w = focus;
        loop {
            let tree = self.conn.query_tree(w).ok()?.reply().ok()?;
            if tree.parent == self.root || tree.parent == 0 {
                break;
            }
            w = tree.parent;
        }
        self.client_of(w, 2)
    }
}

impl Screen for XcapScreen {
    fn monitors(&mut self) -> Result<Vec<MonitorInfo>, DeviceError> {
        let reply = self
            .conn
            .randr_get_monitors(self.root, true)
            .map_err(|e| failed("RandR", e))?
            .reply()
            .map_err(|e| failed("RandR", e))?;
        let scale_factor = xcap::Monitor::all()
            .ok()
            .and_then(|m| m.first().and_then(|m| m.scale_factor().ok()))
            .unwrap_or(1.0);
        let mut monitors: Vec<MonitorInfo> = reply
            .monitors
            .iter()
            .map(|m| MonitorInfo {
                name: self
                    .conn
                    .get_atom_name(m.name)
                    .ok()
                    .and_then(|c| c.reply().ok())
                    .map(|r| String::from_utf8_lossy(&r.name).to_string())
                    .unwrap_or_default(),
                bounds: Rect {
                    x: m.x as i32,
                    y: m.y as i32,
                    width: m.width as u32,
                    height: m.height as u32,
                },
                scale_factor,
                primary: m.primary,
            })
            .collect();
        if monitors.is_empty() {
            let s = &self.conn.setup().roots[0];
            monitors.push(MonitorInfo {
                name: "screen".into(),
                bounds: Rect {
                    x: 0,
                    y: 0,
                    width: s.width_in_pixels as u32,
                    height: s.height_in_pixels as u32,
                },
                scale_factor,
                primary: true,
            });
        }
        monitors.sort_by_key(|m| (!m.primary, m.bounds.x, m.bounds.y));
        Ok(monitors)
    }

    fn capture_monitor(&mut self, monitor: &MonitorInfo) -> Result<RgbaImage, DeviceError> {
        // xcap captures per RandR output; find the output holding this monitor (a monitor made
        // with `xrandr --setmonitor` is part of one) and crop it out, in device pixels.
        let b = monitor.bounds;
        for m in xcap::Monitor::all().map_err(capture_error)? {
            let Some(output) = self.output_rect(&m) else {
                continue;
            };
            let inside = b.x >= output.x
                && b.y >= output.y
                && b.x as i64 + b.width as i64 <= output.x as i64 + output.width as i64
                && b.y as i64 + b.height as i64 <= output.y as i64 + output.height as i64;
            if !inside {
                continue;
            }
            let image = m.capture_image().map_err(capture_error)?;
            if image.dimensions() == (b.width, b.height) {
                return Ok(image);
            }
            let (x, y) = ((b.x - output.x) as u32, (b.y - output.y) as u32);
            if x + b.width > image.width() || y + b.height > image.height() {
                return Err(failed(
                    "screen capture",
                    format!(
                        "the capture ({}x{}) does not cover monitor {}",
                        image.width(),
                        image.height(),
                        monitor.name
                    ),
                ));
            }
            return Ok(image::imageops::crop_imm(&image, x, y, b.width, b.height).to_image());
        }
        Err(failed(
            "screen capture",
            format!("no output shows monitor {} at {:?}", monitor.name, b),
        ))
    }

    fn windows(&mut self) -> Result<Vec<WindowEntry>, DeviceError> {
        let focused = self.focused();
        let mut out: Vec<WindowEntry> = self
            .stacking()?
            .into_iter()
            .map(|w| WindowEntry {
                id: w,
                info: self.info(w),
                focused: Some(w) == focused,
            })
            .collect();
        out.reverse();
        Ok(out)
    }

    fn capture_window(&mut self, id: u32) -> Result<RgbaImage, DeviceError> {
        let window = xcap::Window::all()
            .map_err(capture_error)?
            .into_iter()
            .find(|w| w.id().ok() == Some(id))
            .ok_or_else(|| {
                failed(
                    "window capture",
                    format!("no window {id} (a window manager must list it)"),
                )
            })?;
        window.capture_image().map_err(capture_error)
    }

    fn active_window(&mut self) -> Result<Option<WindowInfo>, DeviceError> {
        Ok(self.focused().map(|w| self.info(w)))
    }

    fn activate(&mut self, id: u32) -> Result<(), DeviceError> {
        let x = |e: &dyn std::fmt::Display| failed("activating a window", e);
        if self
            .windows_property(self.root, "_NET_SUPPORTING_WM_CHECK")
            .is_some_and(|w| !w.is_empty())
        {
            // A window manager decides focus and stacking: ask it as a pager does (source 2),
            // which it honours without focus-stealing prevention.
            let atom = self.atom("_NET_ACTIVE_WINDOW")?;
            let event = ClientMessageEvent::new(32, id, atom, [2u32, 0, 0, 0, 0]);
            self.conn
                .send_event(
                    false,
                    self.root,
                    EventMask::SUBSTRUCTURE_REDIRECT | EventMask::SUBSTRUCTURE_NOTIFY,
                    event,
                )
                .map_err(|e| x(&e))?;
        } else {
            self.conn
                .configure_window(id, &ConfigureWindowAux::new().stack_mode(StackMode::ABOVE))
                .map_err(|e| x(&e))?;
            self.conn
                .set_input_focus(InputFocus::PARENT, id, CURRENT_TIME)
                .map_err(|e| x(&e))?;
        }
        self.conn.flush().map_err(|e| x(&e))?;
        Ok(())
    }
}

impl XcapScreen {
    /// The device-pixel rectangle of the output an xcap monitor captures.
    fn output_rect(&self, monitor: &xcap::Monitor) -> Option<Rect> {
        let name = monitor.name().ok()?;
        let resources = self
            .conn
            .randr_get_screen_resources_current(self.root)
            .ok()?
            .reply()
            .ok()?;
        for output in resources.outputs {
            let info = self
                .conn
                .randr_get_output_info(output, resources.config_timestamp)
                .ok()?
                .reply()
                .ok()?;
            if String::from_utf8_lossy(&info.name) != name || info.crtc == 0 {
                continue;
            }
            let crtc = self
                .conn
                .randr_get_crtc_info(info.crtc, resources.config_timestamp)
                .ok()?
                .reply()
                .ok()?;
            return Some(Rect {
                x: crtc.x as i32,
                y: crtc.y as i32,
                width: crtc.width as u32,
                height: crtc.height as u32,
            });
        }
        None
    }
}
