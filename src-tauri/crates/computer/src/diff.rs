//! Before/after screen comparison: the boxes that changed and an image that shows them.

use image::{Rgba, RgbaImage};
use oi_protocol::Rect;

/// Side of the square cells changes are grouped by before boxes are tightened.
const CELL: u32 = 16;
/// Summed channel difference below which a pixel counts as unchanged (compression noise, AA).
const THRESHOLD: u32 = 24;

#[derive(Debug, Clone, PartialEq)]
pub struct DiffResult {
    /// Changed regions in the images' pixel coordinates, tight around the changed pixels.
    pub regions: Vec<Rect>,
    pub changed_fraction: f32,
    /// The after image dimmed, changed pixels in red, each region outlined.
    pub image: RgbaImage,
}

/// Compares two captures of the same area. Different sizes count as all changed.
pub fn compare(before: &RgbaImage, after: &RgbaImage) -> DiffResult {
    let (w, h) = after.dimensions();
    if before.dimensions() != after.dimensions() {
        let all = Rect {
            x: 0,
            y: 0,
            width: w,
            height: h,
        };
        return DiffResult {
            regions: vec![all],
            changed_fraction: 1.0,
            image: after.clone(),
        };
    }
    let (cw, ch) = (w.div_ceil(CELL), h.div_ceil(CELL));
    let mut cells = vec![false; (cw * ch) as usize];
    let mut changed = vec![false; (w * h) as usize];
    let mut count = 0u64;
    for (i, (a, b)) in before.pixels().zip(after.pixels()).enumerate() {
        let d: u32 = (0..3)
            .map(|c| (a.0[c] as i32 - b.0[c] as i32).unsigned_abs())
            .sum();
        if d > THRESHOLD {
            let (x, y) = (i as u32 % w, i as u32 / w);
            changed[i] = true;
            cells[((y / CELL) * cw + x / CELL) as usize] = true;
            count += 1;
        }
    }
    let mut regions = Vec::new();
    let mut seen = vec![false; cells.len()];
    for start in 0..cells.len() {
        if !cells[start] || seen[start] {
            continue;
        }
        // Flood the 8-connected group of changed cells, then tighten to its changed pixels.
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(c) = stack.pop() {
            let (cx, cy) = (c as u32 % cw, c as u32 / cw);
            for py in cy * CELL..((cy + 1) * CELL).min(h) {
                for px in cx * CELL..((cx + 1) * CELL).min(w) {
                    if changed[(py * w + px) as usize] {
                        x0 = x0.min(px);
                        y0 = y0.min(py);
                        x1 = x1.max(px);
                        y1 = y1.max(py);
                    }
                }
            }
            for ny in cy.saturating_sub(1)..=(cy + 1).min(ch - 1) {
                for nx in cx.saturating_sub(1)..=(cx + 1).min(cw - 1) {
                    let n = (ny * cw + nx) as usize;
                    if cells[n] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        regions.push(Rect {
            x: x0 as i32,
            y: y0 as i32,
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
        });
    }
    regions.sort_by_key(|r| (r.y, r.x));
    let mut image = RgbaImage::new(w, h);
    for (i, (dst, src)) in image.pixels_mut().zip(after.pixels()).enumerate() {
        *dst = if changed[i] {
            Rgba([255, 0, 0, 255])
        } else {
            Rgba([src.0[0] / 3, src.0[1] / 3, src.0[2] / 3, 255])
        };
    }
    for r in &regions {
        outline(&mut image, r);
    }
    DiffResult {
        regions,
        changed_fraction: count as f32 / (w as f32 * h as f32).max(1.0),
        image,
    }
}

fn outline(image: &mut RgbaImage, r: &Rect) {
    let yellow = Rgba([255, 220, 0, 255]);
    let (x0, y0) = (r.x as u32, r.y as u32);
    let (x1, y1) = (x0 + r.width - 1, y0 + r.height - 1);
    for x in x0..=x1 {
        image.put_pixel(x, y0, yellow);
        image.put_pixel(x, y1, yellow);
    }
    for y in y0..=y1 {
        image.put_pixel(x0, y, yellow);
        image.put_pixel(x1, y, yellow);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_tight_around_separate_changes() {
        let before = RgbaImage::from_pixel(200, 100, Rgba([255, 255, 255, 255]));
        let mut after = before.clone();
        for y in 10..20 {
            for x in 30..45 {
                after.put_pixel(x, y, Rgba([0, 0, 0, 255]));
            }
        }
        after.put_pixel(150, 80, Rgba([0, 0, 255, 255]));
        // Below the threshold: not a change.
        after.put_pixel(100, 50, Rgba([250, 250, 250, 255]));
        let d = compare(&before, &after);
        assert_eq!(
            d.regions,
            vec![
                Rect {
                    x: 30,
                    y: 10,
                    width: 15,
                    height: 10
                },
                Rect {
                    x: 150,
                    y: 80,
                    width: 1,
                    height: 1
                }
            ]
        );
        assert!((d.changed_fraction - 151.0 / 20000.0).abs() < 1e-6);
        assert!(compare(&before, &before).regions.is_empty());
    }
}
