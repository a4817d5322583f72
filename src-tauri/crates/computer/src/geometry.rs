//! Model coordinates ↔ real pixels.
//!
//! The model sees a screenshot scaled to one of a few sizes it was trained on; every
//! coordinate it sends is in that image. [`ScaleMap`] maps them back to real pixels of the
//! virtual desktop (monitor origin included, so a second monitor at x=1920 works), with
//! integer arithmetic: no float drift, and a pixel the model can name maps to one real pixel.

use oi_protocol::{Point, Rect};
use serde::{Deserialize, Serialize};

/// Sizes the model gets screenshots at (Anthropic's advice for its computer tool: XGA, WXGA,
/// FWXGA). The one whose aspect ratio is closest to the screen's wins.
pub const MODEL_SIZES: [(u32, u32); 3] = [(1024, 768), (1280, 800), (1366, 768)];

/// Chooses the size the model sees a `width`×`height` screen at. Screens no larger than the
/// chosen size are not scaled.
pub fn model_size(width: u32, height: u32, sizes: &[(u32, u32)]) -> (u32, u32) {
    if width == 0 || height == 0 {
        return (width, height);
    }
    let ratio = width as f64 / height as f64;
    let best = sizes
        .iter()
        .copied()
        .filter(|(w, h)| *w > 0 && *h > 0)
        .min_by(|a, b| {
            let da = (a.0 as f64 / a.1 as f64 - ratio).abs();
            let db = (b.0 as f64 / b.1 as f64 - ratio).abs();
            da.total_cmp(&db)
        });
    match best {
        Some((w, h)) if width > w || height > h => (w, h),
        _ => (width, height),
    }
}

/// How one screenshot the model saw maps onto the desktop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScaleMap {
    /// Real pixels the screenshot covers (a monitor or a window, in desktop coordinates).
    pub source: Rect,
    /// Size of the image the model saw.
    pub model_width: u32,
    pub model_height: u32,
}

/// A coordinate the model gave that lies outside the image it saw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "coordinate ({x}, {y}) is outside the screenshot ({width}x{height}): use 0..{width} for x and 0..{height} for y"
)]
pub struct OutOfBounds {
    pub x: i64,
    pub y: i64,
    pub width: u32,
    pub height: u32,
}

impl ScaleMap {
    pub fn identity(source: Rect) -> Self {
        ScaleMap {
            source,
            model_width: source.width,
            model_height: source.height,
        }
    }

    pub fn new(source: Rect, sizes: &[(u32, u32)]) -> Self {
        let (model_width, model_height) = model_size(source.width, source.height, sizes);
        ScaleMap {
            source,
            model_width,
            model_height,
        }
    }

    /// The real pixel at the centre of the area model pixel (x, y) covers.
    pub fn to_real(&self, x: i64, y: i64) -> Result<Point, OutOfBounds> {
        let out = || OutOfBounds {
            x,
            y,
            width: self.model_width,
            height: self.model_height,
        };
        if x < 0 || y < 0 || x >= self.model_width as i64 || y >= self.model_height as i64 {
            return Err(out());
        }
        Ok(Point {
            x: self.source.x + scale_center(x, self.source.width, self.model_width),
            y: self.source.y + scale_center(y, self.source.height, self.model_height),
        })
    }

    /// The model pixel covering real pixel `p`, if `p` is inside the source.
    pub fn to_model(&self, p: Point) -> Option<(i64, i64)> {
        let dx = p.x as i64 - self.source.x as i64;
        let dy = p.y as i64 - self.source.y as i64;
        if dx < 0 || dy < 0 || dx >= self.source.width as i64 || dy >= self.source.height as i64 {
            return None;
        }
        // The model pixel holding the centre of the real pixel.
        Some((
            (2 * dx + 1) * self.model_width as i64 / (2 * self.source.width as i64),
            (2 * dy + 1) * self.model_height as i64 / (2 * self.source.height as i64),
        ))
    }

    /// A rectangle in model pixels as the real rectangle it covers.
    pub fn rect_to_real(&self, x0: i64, y0: i64, x1: i64, y1: i64) -> Result<Rect, OutOfBounds> {
        let (x0, x1) = (x0.min(x1), x0.max(x1));
        let (y0, y1) = (y0.min(y1), y0.max(y1));
        // Validate both corners (the far corner is inclusive of the last model pixel).
        self.to_real(x0, y0)?;
        self.to_real(x1.saturating_sub(1).max(x0), y1.saturating_sub(1).max(y0))?;
        let rx0 = edge(x0, self.source.width, self.model_width);
        let ry0 = edge(y0, self.source.height, self.model_height);
        let rx1 = edge(
            x1.min(self.model_width as i64),
            self.source.width,
            self.model_width,
        );
        let ry1 = edge(
            y1.min(self.model_height as i64),
            self.source.height,
            self.model_height,
        );
        Ok(Rect {
            x: self.source.x + rx0 as i32,
            y: self.source.y + ry0 as i32,
            width: (rx1 - rx0).max(1) as u32,
            height: (ry1 - ry0).max(1) as u32,
        })
    }
}

/// Real offset of the middle of model pixel `m` along an axis of `real` pixels seen as `model`.
fn scale_center(m: i64, real: u32, model: u32) -> i32 {
    // Model pixel m covers real [m*real/model, (m+1)*real/model); its centre, floored.
    let (real, model) = (real as i64, model as i64);
    ((2 * m + 1) * real / (2 * model)) as i32
}

fn edge(m: i64, real: u32, model: u32) -> i64 {
    m * real as i64 / model as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: i32, y: i32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    #[test]
    fn picks_the_closest_aspect_ratio() {
        assert_eq!(model_size(1920, 1080, &MODEL_SIZES), (1366, 768));
        assert_eq!(model_size(2560, 1440, &MODEL_SIZES), (1366, 768));
        assert_eq!(model_size(2560, 1600, &MODEL_SIZES), (1280, 800));
        assert_eq!(model_size(1600, 1200, &MODEL_SIZES), (1024, 768));
        // Not larger than the target: kept as is.
        assert_eq!(model_size(1280, 800, &MODEL_SIZES), (1280, 800));
        assert_eq!(model_size(800, 600, &MODEL_SIZES), (800, 600));
    }

    #[test]
    fn every_model_pixel_maps_inside_its_own_area_and_back() {
        for (w, h) in [
            (1920, 1080),
            (2560, 1440),
            (1280, 800),
            (3840, 2160),
            (1366, 768),
        ] {
            let map = ScaleMap::new(rect(1920, 0, w, h), &MODEL_SIZES);
            for mx in 0..map.model_width as i64 {
                let p = map.to_real(mx, 0).unwrap();
                assert_eq!(map.to_model(p), Some((mx, 0)), "{w}x{h} x={mx}");
            }
            for my in 0..map.model_height as i64 {
                let p = map.to_real(0, my).unwrap();
                assert_eq!(map.to_model(p), Some((0, my)), "{w}x{h} y={my}");
            }
        }
    }

    #[test]
    fn unscaled_is_the_identity_plus_origin() {
        let map = ScaleMap::new(rect(-1280, 200, 1280, 800), &MODEL_SIZES);
        assert_eq!(map.to_real(0, 0).unwrap(), Point { x: -1280, y: 200 });
        assert_eq!(map.to_real(1279, 799).unwrap(), Point { x: -1, y: 999 });
    }

    #[test]
    fn outside_is_an_error_naming_the_bounds() {
        let map = ScaleMap::new(rect(0, 0, 1920, 1080), &MODEL_SIZES);
        let err = map.to_real(1366, 10).unwrap_err();
        assert!(err.to_string().contains("1366x768"), "{err}");
        assert!(map.to_real(-1, 0).is_err());
    }

    #[test]
    fn regions_cover_the_real_pixels() {
        let map = ScaleMap::new(rect(0, 0, 2732, 1536), &MODEL_SIZES);
        assert_eq!(
            map.rect_to_real(100, 50, 200, 150).unwrap(),
            rect(200, 100, 200, 200)
        );
    }
}
