//! The animated demo: frames painted from the app's real drawing, each
//! held for its own time, written as one GIF. Every colour of every frame
//! goes into one global palette (the painter rounds coverage so there are
//! few), and each frame stores only the rectangle that changed.

use super::paint::Image;
use std::collections::HashMap;
use std::path::Path;

pub struct Recorder {
    frames: Vec<(Image, u16)>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder { frames: Vec::new() }
    }

    /// Adds a frame shown for `seconds`.
    pub fn frame(&mut self, image: Image, seconds: f32) {
        let centiseconds = (seconds * 100.0).round() as u16;
        self.frames.push((image, centiseconds));
    }

    /// Every frame as `NN.png` in `dir`.
    pub fn save_pngs(&self, dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
        for (i, (image, _)) in self.frames.iter().enumerate() {
            image.save_png(&dir.join(format!("{i:02}.png")))?;
        }
        Ok(())
    }

    pub fn save_gif(&self, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
        let Some((first, _)) = self.frames.first() else {
            return Err("no frames".into());
        };
        let (width, height) = (first.width, first.height);
        let mut index: HashMap<[u8; 3], u8> = HashMap::new();
        let mut palette = Vec::new();
        for (image, _) in &self.frames {
            for pixel in image.rgb.chunks_exact(3) {
                let color = [pixel[0], pixel[1], pixel[2]];
                if !index.contains_key(&color) {
                    if index.len() == 256 {
                        return Err("more than 256 colours: round coverage to fewer levels".into());
                    }
                    index.insert(color, index.len() as u8);
                    palette.extend_from_slice(&color);
                }
            }
        }
        // A GIF palette has a power-of-two size.
        while palette.len() / 3 < 2 || !(palette.len() / 3).is_power_of_two() {
            palette.extend_from_slice(&[0, 0, 0]);
        }
        let file = std::io::BufWriter::new(std::fs::File::create(path)?);
        let mut encoder = gif::Encoder::new(file, width as u16, height as u16, &palette)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut previous: Option<&Image> = None;
        for (image, delay) in &self.frames {
            // The rectangle that differs from the frame before (all of the
            // first frame; one pixel when nothing changed).
            let (x0, y0, x1, y1) = match previous {
                None => (0, 0, width, height),
                Some(before) => changed(before, image).unwrap_or((0, 0, 1, 1)),
            };
            let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
            for y in y0..y1 {
                for x in x0..x1 {
                    let at = (y * width + x) * 3;
                    let color = [image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]];
                    pixels.push(index[&color]);
                }
            }
            let mut frame =
                gif::Frame::from_indexed_pixels((x1 - x0) as u16, (y1 - y0) as u16, pixels, None);
            frame.left = x0 as u16;
            frame.top = y0 as u16;
            frame.delay = *delay;
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame)?;
            previous = Some(image);
        }
        Ok(())
    }
}

/// The smallest rectangle (x0, y0, x1, y1) holding every changed pixel.
fn changed(before: &Image, after: &Image) -> Option<(usize, usize, usize, usize)> {
    let width = after.width;
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (i, (a, b)) in before
        .rgb
        .chunks_exact(3)
        .zip(after.rgb.chunks_exact(3))
        .enumerate()
    {
        if a != b {
            let (x, y) = (i % width, i / width);
            bounds = Some(match bounds {
                None => (x, y, x + 1, y + 1),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
            });
        }
    }
    bounds
}
