//! A small walk over an XML part of a zipped document (Word, OpenDocument, PowerPoint):
//! elements by local name, their text with entities resolved, and pages cut where the
//! format marks page breaks.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

/// One thing the walk meets.
pub(crate) enum Node<'a> {
    Start(&'a BytesStart<'a>),
    /// An element with no content (`<w:tab/>`): reported as both a start and an end.
    Empty(&'a BytesStart<'a>),
    End(&'a str),
    Text(&'a str),
}

/// Text split into pages as the walk goes.
#[derive(Default)]
pub(crate) struct Pages {
    pub(crate) done: Vec<String>,
    pub(crate) current: String,
}

impl Pages {
    pub(crate) fn push(&mut self, s: &str) {
        self.current.push_str(s);
    }

    /// Ends the page, unless nothing but whitespace is on it yet (formats often mark the
    /// same break twice: an explicit break and the renderer's record of it).
    pub(crate) fn page_break(&mut self) {
        if !self.current.trim().is_empty() {
            self.done.push(tidy(&std::mem::take(&mut self.current)));
        }
    }

    pub(crate) fn finish(mut self) -> Vec<String> {
        self.page_break();
        self.done
    }
}

/// Trailing spaces off each line, runs of blank lines down to one.
pub(crate) fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.trim().lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

pub(crate) fn local(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_string()
}

/// The value of the attribute with this local name (namespace prefix ignored).
pub(crate) fn attr(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .and_then(|a| {
            a.normalized_value(XmlVersion::Implicit1_0)
                .ok()
                .map(|v| v.into_owned())
        })
}

pub(crate) fn walk(xml: &[u8], mut on: impl FnMut(Node<'_>)) -> Result<(), quick_xml::Error> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf)? {
            Event::Start(e) => on(Node::Start(&e)),
            Event::Empty(e) => on(Node::Empty(&e)),
            Event::End(e) => on(Node::End(e.local_name().as_ref())),
            Event::Text(t) => on(Node::Text(&t.xml10_content())),
            Event::CData(t) => on(Node::Text(&t.xml10_content())),
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref()? {
                    Some(c) => c.to_string(),
                    None => quick_xml::escape::resolve_predefined_entity(&r.into_inner())
                        .unwrap_or_default()
                        .to_string(),
                };
                on(Node::Text(&resolved));
            }
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}
