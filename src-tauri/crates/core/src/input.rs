//! Turning attached files into what the model can read.

use base64::Engine;
use oi_protocol::InputItem;

const MAX_INLINE_FILE: u64 = 256 * 1024;

/// Images become image parts; small text files are inlined; others are named by path.
pub fn resolve_files(items: Vec<InputItem>) -> Vec<InputItem> {
    items.into_iter().map(resolve).collect()
}

fn resolve(item: InputItem) -> InputItem {
    let InputItem::File { path } = &item else {
        return item;
    };
    let p = std::path::Path::new(path);
    let ext = p
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_lowercase();
    let mime = match ext.as_str() {
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "gif" => Some("image/gif"),
        "webp" => Some("image/webp"),
        _ => None,
    };
    let Ok(meta) = std::fs::metadata(p) else {
        return item;
    };
    if let Some(mime) = mime {
        if let Ok(bytes) = std::fs::read(p) {
            let data = base64::engine::general_purpose::STANDARD.encode(bytes);
            return InputItem::Image {
                mime: mime.into(),
                data,
            };
        }
        return item;
    }
    if meta.len() <= MAX_INLINE_FILE
        && let Ok(text) = std::fs::read_to_string(p)
    {
        return InputItem::Text {
            text: format!("Attached file {path}:\n```\n{text}\n```"),
        };
    }
    item
}
