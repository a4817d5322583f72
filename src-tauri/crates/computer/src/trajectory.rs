//! Planned pointer paths: the cursor travels a smooth curve over a short time instead of
//! jumping, so the person watching sees where it goes and applications get real motion events.

use oi_protocol::{Point, TrajectorySample};

/// Time between two pointer positions of a path.
pub const STEP_MS: u32 = 8;

/// A path from `from` to `to`: ease-in-out along a gently bowed curve, one sample every
/// [`STEP_MS`], lasting 80–400 ms depending on the distance. The last sample is `to` exactly.
pub fn plan(from: Point, to: Point) -> Vec<TrajectorySample> {
    let dx = (to.x - from.x) as f64;
    let dy = (to.y - from.y) as f64;
    let distance = (dx * dx + dy * dy).sqrt();
    if distance < 1.0 {
        return vec![TrajectorySample {
            x: to.x,
            y: to.y,
            t_ms: 0,
        }];
    }
    let duration = (80.0 + distance * 0.25).min(400.0) as u32;
    let steps = (duration / STEP_MS).max(2);
    // The control point sits off the straight line by a tenth of the distance: a natural arc.
    let (cx, cy) = (
        from.x as f64 + dx / 2.0 - dy * 0.1,
        from.y as f64 + dy / 2.0 + dx * 0.1,
    );
    let mut path = Vec::with_capacity(steps as usize + 1);
    for i in 1..=steps {
        let s = i as f64 / steps as f64;
        let t = if s < 0.5 {
            4.0 * s * s * s
        } else {
            1.0 - (-2.0 * s + 2.0).powi(3) / 2.0
        };
        let u = 1.0 - t;
        let x = u * u * from.x as f64 + 2.0 * u * t * cx + t * t * to.x as f64;
        let y = u * u * from.y as f64 + 2.0 * u * t * cy + t * t * to.y as f64;
        let sample = TrajectorySample {
            x: x.round() as i32,
            y: y.round() as i32,
            t_ms: i * STEP_MS,
        };
        if path
            .last()
            .is_none_or(|p: &TrajectorySample| (p.x, p.y) != (sample.x, sample.y))
        {
            path.push(sample);
        }
    }
    if let Some(last) = path.last_mut() {
        last.x = to.x;
        last.y = to.y;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_smooth_and_end_exactly() {
        let from = Point { x: 10, y: 10 };
        let to = Point { x: 1200, y: 700 };
        let path = plan(from, to);
        assert!(path.len() > 20, "{}", path.len());
        let last = path.last().unwrap();
        assert_eq!((last.x, last.y), (1200, 700));
        // No jump longer than a tenth of the way, times strictly rising.
        let mut prev = (from.x, from.y, 0);
        for s in &path {
            let step = (((s.x - prev.0).pow(2) + (s.y - prev.1).pow(2)) as f64).sqrt();
            assert!(step < 140.0, "jump of {step} at {s:?}");
            assert!(s.t_ms > prev.2 || prev.2 == 0);
            prev = (s.x, s.y, s.t_ms);
        }
        assert_eq!(plan(to, to).len(), 1);
    }
}
