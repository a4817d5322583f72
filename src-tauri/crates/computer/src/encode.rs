//! Scaling and encoding screenshots for the model.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, RgbaImage, imageops::FilterType};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageEncoding {
    #[default]
    Png,
    /// JPEG at the given quality (1–100).
    Jpeg(u8),
}

impl ImageEncoding {
    pub fn mime(&self) -> &'static str {
        match self {
            ImageEncoding::Png => "image/png",
            ImageEncoding::Jpeg(_) => "image/jpeg",
        }
    }

    pub fn extension(&self) -> &'static str {
        match self {
            ImageEncoding::Png => "png",
            ImageEncoding::Jpeg(_) => "jpg",
        }
    }
}

/// `image` scaled to `width`×`height` (unchanged when it already has that size).
pub fn scale(image: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    if image.dimensions() == (width, height) {
        return image.clone();
    }
    image::imageops::resize(image, width, height, FilterType::Triangle)
}

pub fn encode(image: &RgbaImage, encoding: ImageEncoding) -> Result<Vec<u8>, image::ImageError> {
    let mut out = Cursor::new(Vec::new());
    match encoding {
        ImageEncoding::Png => image.write_to(&mut out, ImageFormat::Png)?,
        ImageEncoding::Jpeg(quality) => {
            let rgb = DynamicImage::ImageRgba8(image.clone()).to_rgb8();
            let encoder =
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100));
            rgb.write_with_encoder(encoder)?;
        }
    }
    Ok(out.into_inner())
}
