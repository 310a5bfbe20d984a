//! Paints a ratatui buffer as a terminal shows it: each cell's background,
//! then its character in DejaVu Sans Mono (the `dejavu` crate, so nothing
//! is installed or committed), antialiased by ab_glyph. Box-drawing, block
//! and braille characters are drawn as shapes, as terminals such as kitty
//! and alacritty do, so that lines join across cells whatever the font.

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::collections::HashMap;
use std::path::Path;

pub type Rgb = [u8; 3];

/// The terminal's default colours (a dark theme).
pub const FG: Rgb = [214, 216, 222];
pub const BG: Rgb = [24, 26, 33];

/// An RGB picture.
pub struct Image {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

impl Image {
    pub fn new(width: usize, height: usize, color: Rgb) -> Image {
        Image {
            width,
            height,
            rgb: color.repeat(width * height),
        }
    }

    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, color: Rgb) {
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                let at = (row * self.width + col) * 3;
                self.rgb[at..at + 3].copy_from_slice(&color);
            }
        }
    }

    /// Lays `color` over the pixel with opacity `alpha` (0 … 1).
    fn blend(&mut self, x: usize, y: usize, color: Rgb, alpha: f32) {
        if x >= self.width || y >= self.height || alpha <= 0.0 {
            return;
        }
        let at = (y * self.width + x) * 3;
        let alpha = alpha.min(1.0);
        for (channel, &c) in self.rgb[at..at + 3].iter_mut().zip(&color) {
            *channel = (f32::from(*channel) * (1.0 - alpha) + f32::from(c) * alpha).round() as u8;
        }
    }

    pub fn save_png(&self, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
        let file = std::io::BufWriter::new(std::fs::File::create(path)?);
        let mut encoder = png::Encoder::new(file, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header()?.write_image_data(&self.rgb)?;
        Ok(())
    }
}

/// A glyph's coverage, placed relative to its cell's top-left corner.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    alpha: Vec<f32>,
}

/// Which font draws a character.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Face {
    Regular,
    Bold,
    Italic,
}

pub struct Painter {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    italic: FontRef<'static>,
    /// DejaVu Sans, for the few characters the mono face lacks.
    fallback: FontRef<'static>,
    scale: PxScale,
    pub cell_w: usize,
    pub cell_h: usize,
    baseline: f32,
    /// Coverage is rounded to this many levels (None: kept exact). Fewer
    /// levels mean fewer colours: a GIF has 256.
    levels: Option<u8>,
    cache: HashMap<(char, Face), Option<Coverage>>,
}

impl Painter {
    /// A painter for text of `px` pixels.
    pub fn new(px: f32, levels: Option<u8>) -> Painter {
        let font = |bytes: &'static [u8]| FontRef::try_from_slice(bytes).expect("DejaVu parses");
        let regular = font(dejavu::sans_mono::regular());
        let scale = PxScale::from(px);
        let scaled = regular.as_scaled(scale);
        let cell_w = scaled.h_advance(regular.glyph_id('M')).round() as usize;
        // A little more than the font's own line: terminals add spacing.
        let line = scaled.ascent() - scaled.descent();
        let cell_h = (line * 1.08).round() as usize;
        let baseline = ((cell_h as f32 - line) / 2.0 + scaled.ascent()).round();
        Painter {
            regular,
            bold: font(dejavu::sans_mono::bold()),
            italic: font(dejavu::sans_mono::oblique()),
            fallback: font(dejavu::sans::regular()),
            scale,
            cell_w,
            cell_h,
            baseline,
            levels,
            cache: HashMap::new(),
        }
    }

    /// The picture of `buffer`, with `margin` pixels of background round it.
    pub fn paint(&mut self, buffer: &Buffer, margin: usize) -> Image {
        let area = buffer.area;
        let mut image = Image::new(
            area.width as usize * self.cell_w + 2 * margin,
            area.height as usize * self.cell_h + 2 * margin,
            BG,
        );
        for y in 0..area.height {
            for x in 0..area.width {
                let cell = &buffer[(area.x + x, area.y + y)];
                let mut fg = rgb(cell.fg, FG);
                let mut bg = rgb(cell.bg, BG);
                let modifier = cell.modifier;
                if modifier.contains(Modifier::REVERSED) {
                    std::mem::swap(&mut fg, &mut bg);
                }
                if modifier.contains(Modifier::DIM) {
                    fg = mix(fg, bg, 0.45);
                }
                let (x0, y0) = (
                    margin + x as usize * self.cell_w,
                    margin + y as usize * self.cell_h,
                );
                image.fill(x0, y0, self.cell_w, self.cell_h, bg);
                if modifier.contains(Modifier::HIDDEN) {
                    continue;
                }
                let face = if modifier.contains(Modifier::BOLD) {
                    Face::Bold
                } else if modifier.contains(Modifier::ITALIC) {
                    Face::Italic
                } else {
                    Face::Regular
                };
                let ch = cell.symbol().chars().next().unwrap_or(' ');
                self.draw_char(&mut image, x0, y0, ch, fg, face);
                let thickness = self.thin();
                if modifier.contains(Modifier::UNDERLINED) {
                    let y = y0 + self.baseline as usize + thickness;
                    image.fill(x0, y, self.cell_w, thickness, fg);
                }
                if modifier.contains(Modifier::CROSSED_OUT) {
                    image.fill(x0, y0 + self.cell_h / 2, self.cell_w, thickness, fg);
                }
            }
        }
        image
    }

    /// The width of a light line.
    fn thin(&self) -> usize {
        ((self.scale.x / 14.0).round() as usize).max(1)
    }

    fn draw_char(
        &mut self,
        image: &mut Image,
        x0: usize,
        y0: usize,
        ch: char,
        fg: Rgb,
        face: Face,
    ) {
        if ch == ' ' {
            return;
        }
        if let Some(arms) = box_arms(ch) {
            return self.draw_box(image, x0, y0, arms, fg);
        }
        if let Some(cover) = block(ch) {
            return self.draw_block(image, x0, y0, cover, fg);
        }
        if ('\u{2800}'..='\u{28FF}').contains(&ch) {
            return self.draw_braille(image, x0, y0, ch as u32 - 0x2800, fg);
        }
        if !self.cache.contains_key(&(ch, face)) {
            let coverage = self.rasterise(ch, face);
            self.cache.insert((ch, face), coverage);
        }
        let levels = self.levels;
        match &self.cache[&(ch, face)] {
            Some(glyph) => {
                for (i, &alpha) in glyph.alpha.iter().enumerate() {
                    let x = x0 as i32 + glyph.left + (i % glyph.width) as i32;
                    let y = y0 as i32 + glyph.top + (i / glyph.width) as i32;
                    if x >= 0 && y >= 0 {
                        let alpha = match levels {
                            Some(n) => (alpha * f32::from(n)).round() / f32::from(n),
                            None => alpha,
                        };
                        image.blend(x as usize, y as usize, fg, alpha);
                    }
                }
            }
            // Not in any face: a hollow box, never nothing.
            None => {
                let t = self.thin();
                let (w, h) = (self.cell_w - 2, self.cell_h - 4);
                image.fill(x0 + 1, y0 + 2, w, t, fg);
                image.fill(x0 + 1, y0 + 2 + h - t, w, t, fg);
                image.fill(x0 + 1, y0 + 2, t, h, fg);
                image.fill(x0 + 1 + w - t, y0 + 2, t, h, fg);
            }
        }
    }

    /// A character's coverage from the face asked for, else the fallback
    /// face (narrowed to the cell if wider).
    fn rasterise(&self, ch: char, face: Face) -> Option<Coverage> {
        let font = match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
            Face::Italic => &self.italic,
        };
        let (font, id) = match font.glyph_id(ch) {
            GlyphId(0) => match self.fallback.glyph_id(ch) {
                GlyphId(0) => return None,
                id => (&self.fallback, id),
            },
            id => (font, id),
        };
        let advance = font.as_scaled(self.scale).h_advance(id);
        let mut scale = self.scale;
        if advance > self.cell_w as f32 + 0.5 {
            scale.x *= self.cell_w as f32 / advance;
        }
        let glyph = id.with_scale_and_position(scale, point(0.0, self.baseline));
        let outline = font.outline_glyph(glyph)?;
        let bounds = outline.px_bounds();
        let width = bounds.width() as usize;
        let height = bounds.height() as usize;
        let mut alpha = vec![0.0; width * height];
        outline.draw(|x, y, c| {
            if let Some(a) = alpha.get_mut(y as usize * width + x as usize) {
                *a = c;
            }
        });
        // Centred in the cell (the fallback face is proportional).
        let used = font.as_scaled(scale).h_advance(id);
        let shift = ((self.cell_w as f32 - used) / 2.0).round() as i32;
        Some(Coverage {
            left: bounds.min.x as i32 + shift,
            top: bounds.min.y as i32,
            width,
            alpha,
        })
    }

    /// Lines from the cell's centre to its edges: up, down, left, right.
    fn draw_box(&self, image: &mut Image, x0: usize, y0: usize, arms: [u8; 4], fg: Rgb) {
        let (w, h) = (self.cell_w, self.cell_h);
        let t = self.thin();
        let (cx, cy) = (w / 2, h / 2);
        let [up, down, left, right] = arms;
        // A vertical arm from row a to row b (exclusive), of weight k.
        let mut vertical = |a: usize, b: usize, k: u8| match k {
            1 => image.fill(x0 + cx - t / 2, y0 + a, t, b - a, fg),
            2 => image.fill(x0 + cx - t, y0 + a, 2 * t + 1, b - a, fg),
            3 => {
                image.fill(x0 + cx - t / 2 - 2 * t, y0 + a, t, b - a, fg);
                image.fill(x0 + cx - t / 2 + 2 * t, y0 + a, t, b - a, fg);
            }
            _ => {}
        };
        let reach = 2 * t + t / 2 + 1;
        vertical(0, cy + reach.min(cy) * usize::from(up == 3), up);
        vertical(cy.saturating_sub(reach * usize::from(down == 3)), h, down);
        let mut horizontal = |a: usize, b: usize, k: u8| match k {
            1 => image.fill(x0 + a, y0 + cy - t / 2, b - a, t, fg),
            2 => image.fill(x0 + a, y0 + cy - t, b - a, 2 * t + 1, fg),
            3 => {
                image.fill(x0 + a, y0 + cy - t / 2 - 2 * t, b - a, t, fg);
                image.fill(x0 + a, y0 + cy - t / 2 + 2 * t, b - a, t, fg);
            }
            _ => {}
        };
        let light_end = |k: u8| if k == 1 { t / 2 + t % 2 } else { t + 1 };
        let widest_vertical = [up, down].into_iter().max().unwrap_or(0);
        let overlap = if widest_vertical == 0 {
            0
        } else {
            light_end(widest_vertical)
        };
        horizontal(0, (cx + overlap).min(w), left);
        horizontal(cx.saturating_sub(overlap), w, right);
    }

    /// A block element: the part of the cell it covers, and its shade.
    fn draw_block(&self, image: &mut Image, x0: usize, y0: usize, cover: Block, fg: Rgb) {
        let (w, h) = (self.cell_w as f32, self.cell_h as f32);
        let x = (cover.left * w).round() as usize;
        let y = (cover.top * h).round() as usize;
        let x1 = (cover.right * w).round() as usize;
        let y1 = (cover.bottom * h).round() as usize;
        for row in y..y1 {
            for col in x..x1 {
                image.blend(x0 + col, y0 + row, fg, cover.shade);
            }
        }
    }

    /// Braille: dots 1–3 and 7 down the left column, 4–6 and 8 the right.
    fn draw_braille(&self, image: &mut Image, x0: usize, y0: usize, bits: u32, fg: Rgb) {
        const DOTS: [(usize, usize); 8] = [
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (0, 3),
            (1, 3),
        ];
        let size = (self.cell_w / 4).max(2);
        for (bit, (col, row)) in DOTS.iter().enumerate() {
            if bits >> bit & 1 == 1 {
                let cx = x0 + self.cell_w * (2 * col + 1) / 4;
                let cy = y0 + self.cell_h * (2 * row + 1) / 8;
                image.fill(cx - size / 2, cy - size / 2, size, size, fg);
            }
        }
    }
}

/// The weights of a box-drawing character's four arms (up, down, left,
/// right): 0 none, 1 light, 2 heavy, 3 double.
fn box_arms(ch: char) -> Option<[u8; 4]> {
    Some(match ch {
        '─' => [0, 0, 1, 1],
        '│' => [1, 1, 0, 0],
        '┌' | '╭' => [0, 1, 0, 1],
        '┐' | '╮' => [0, 1, 1, 0],
        '└' | '╰' => [1, 0, 0, 1],
        '┘' | '╯' => [1, 0, 1, 0],
        '├' => [1, 1, 0, 1],
        '┤' => [1, 1, 1, 0],
        '┬' => [0, 1, 1, 1],
        '┴' => [1, 0, 1, 1],
        '┼' => [1, 1, 1, 1],
        '━' => [0, 0, 2, 2],
        '┃' => [2, 2, 0, 0],
        '┏' => [0, 2, 0, 2],
        '┓' => [0, 2, 2, 0],
        '┗' => [2, 0, 0, 2],
        '┛' => [2, 0, 2, 0],
        '┣' => [2, 2, 0, 2],
        '┫' => [2, 2, 2, 0],
        '┳' => [0, 2, 2, 2],
        '┻' => [2, 0, 2, 2],
        '╋' => [2, 2, 2, 2],
        '═' => [0, 0, 3, 3],
        '║' => [3, 3, 0, 0],
        '╔' => [0, 3, 0, 3],
        '╗' => [0, 3, 3, 0],
        '╚' => [3, 0, 0, 3],
        '╝' => [3, 0, 3, 0],
        '╠' => [3, 3, 0, 3],
        '╣' => [3, 3, 3, 0],
        '╦' => [0, 3, 3, 3],
        '╩' => [3, 0, 3, 3],
        '╬' => [3, 3, 3, 3],
        '╨' => [3, 0, 1, 1],
        '╥' => [0, 3, 1, 1],
        '╫' => [3, 3, 1, 1],
        '╪' => [1, 1, 3, 3],
        '╴' => [0, 0, 1, 0],
        '╶' => [0, 0, 0, 1],
        '╵' => [1, 0, 0, 0],
        '╷' => [0, 1, 0, 0],
        _ => return None,
    })
}

/// The part of a cell a block element covers (fractions) and its shade.
#[derive(Clone, Copy)]
struct Block {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
    shade: f32,
}

fn block(ch: char) -> Option<Block> {
    let full = Block {
        left: 0.0,
        top: 0.0,
        right: 1.0,
        bottom: 1.0,
        shade: 1.0,
    };
    let code = ch as u32;
    Some(match ch {
        '█' => full,
        '▀' => Block {
            bottom: 0.5,
            ..full
        },
        '▔' => Block {
            bottom: 0.125,
            ..full
        },
        '▐' => Block { left: 0.5, ..full },
        '▕' => Block {
            left: 0.875,
            ..full
        },
        '░' => Block {
            shade: 0.25,
            ..full
        },
        '▒' => Block { shade: 0.5, ..full },
        '▓' => Block {
            shade: 0.75,
            ..full
        },
        // ▁ … ▇: the lower n eighths.
        '▁'..='▇' => Block {
            top: 1.0 - (code - 0x2580) as f32 / 8.0,
            ..full
        },
        // ▉ … ▏: the left 7 … 1 eighths (▌ is the left half).
        '▉'..='▏' => Block {
            right: (0x2590 - code) as f32 / 8.0,
            ..full
        },
        _ => return None,
    })
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    std::array::from_fn(|i| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8)
}

/// A terminal colour as RGB (a palette close to common dark themes; the
/// 256 indexed colours as xterm defines them).
pub fn rgb(color: Color, default: Rgb) -> Rgb {
    const BASE: [Rgb; 16] = [
        [40, 42, 54],
        [226, 86, 86],
        [80, 200, 120],
        [232, 200, 80],
        [86, 140, 230],
        [200, 110, 210],
        [70, 190, 210],
        [190, 192, 200],
        [110, 114, 130],
        [255, 120, 120],
        [130, 235, 160],
        [250, 235, 130],
        [130, 175, 255],
        [235, 150, 240],
        [130, 225, 245],
        [250, 250, 252],
    ];
    match color {
        Color::Reset => default,
        Color::Black => BASE[0],
        Color::Red => BASE[1],
        Color::Green => BASE[2],
        Color::Yellow => BASE[3],
        Color::Blue => BASE[4],
        Color::Magenta => BASE[5],
        Color::Cyan => BASE[6],
        Color::Gray => BASE[7],
        Color::DarkGray => BASE[8],
        Color::LightRed => BASE[9],
        Color::LightGreen => BASE[10],
        Color::LightYellow => BASE[11],
        Color::LightBlue => BASE[12],
        Color::LightMagenta => BASE[13],
        Color::LightCyan => BASE[14],
        Color::White => BASE[15],
        Color::Rgb(r, g, b) => [r, g, b],
        Color::Indexed(i) if i < 16 => BASE[usize::from(i)],
        Color::Indexed(i) if i < 232 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let i = i - 16;
            [level(i / 36), level(i / 6 % 6), level(i % 6)]
        }
        Color::Indexed(i) => {
            let v = 8 + 10 * (i - 232);
            [v, v, v]
        }
    }
}
