//! What the editor sends in `session/prompt`, as the engine's input items.

use agent_client_protocol::v1::schema::{ContentBlock, EmbeddedResourceResource};
use oi_protocol::InputItem;

/// A prompt block the engine cannot take.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PromptContentError {
    #[error("audio prompts are not supported")]
    Audio,
    #[error("the prompt is empty")]
    Empty,
}

pub fn input_items(blocks: Vec<ContentBlock>) -> Result<Vec<InputItem>, PromptContentError> {
    let mut items = Vec::new();
    for block in blocks {
        items.push(match block {
            ContentBlock::Text(t) => InputItem::Text { text: t.text },
            ContentBlock::Image(i) => InputItem::Image {
                mime: i.mime_type,
                data: i.data,
            },
            ContentBlock::Audio(_) => return Err(PromptContentError::Audio),
            ContentBlock::ResourceLink(link) => match link.uri.strip_prefix("file://") {
                Some(path) => InputItem::File {
                    path: path.to_string(),
                },
                None => InputItem::Text {
                    text: format!("[{}]({})", link.name, link.uri),
                },
            },
            ContentBlock::Resource(resource) => match resource.resource {
                EmbeddedResourceResource::TextResourceContents(t) => InputItem::Text {
                    text: format!("<context uri=\"{}\">\n{}\n</context>", t.uri, t.text),
                },
                EmbeddedResourceResource::BlobResourceContents(b) => match b.mime_type {
                    Some(mime) if mime.starts_with("image/") => {
                        InputItem::Image { mime, data: b.blob }
                    }
                    _ => InputItem::Text {
                        text: format!("(binary attachment {} not shown)", b.uri),
                    },
                },
                #[allow(unreachable_patterns)]
                _ => continue,
            },
            #[allow(unreachable_patterns)]
            _ => continue,
        });
    }
    if items.is_empty() {
        return Err(PromptContentError::Empty);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agent_client_protocol::v1::schema::{ImageContent, ResourceLink};

    #[test]
    fn text_images_and_file_links_become_input_items() {
        let items = input_items(vec![
            ContentBlock::from("look"),
            ContentBlock::Image(ImageContent::new("QUJD", "image/png")),
            ContentBlock::ResourceLink(ResourceLink::new("a.rs", "file:///w/a.rs")),
        ])
        .unwrap();
        assert_eq!(
            items,
            vec![
                InputItem::text("look"),
                InputItem::Image {
                    mime: "image/png".into(),
                    data: "QUJD".into()
                },
                InputItem::File {
                    path: "/w/a.rs".into()
                },
            ]
        );
        assert_eq!(input_items(vec![]), Err(PromptContentError::Empty));
    }
}
