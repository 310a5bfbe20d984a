//! Makes the PNG screenshots in `screenshots/` from the app's real drawing
//! code: each view is drawn by `App` into ratatui's TestBackend, then every
//! cell of the buffer is painted with an 8×8 bitmap font (font8x8), its
//! colours and its bold/underline/reverse modifiers.
//!
//! `cargo run --example screenshots` (writes `screenshots/*.png`)

use font8x8::{UnicodeFonts, BASIC_FONTS, BLOCK_FONTS, BOX_FONTS, LATIN_FONTS};
use noughts::solver::mnc::{Move, Size};
use noughts::solver::tictactoe::Board;
use noughts::solver::treblecross::{Player, Strip};
use noughts::solver::{Cell, Side};
use noughts::tui::app::{Action, App, TabId};
use noughts::tui::tabs::mnc::{Action as MncAction, MncTab};
use noughts::tui::tabs::tictactoe::TicTacToeTab;
use noughts::tui::tabs::treblecross::{Action as TreblecrossAction, TreblecrossTab};
use noughts::tui::theme::Theme;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::path::Path;

/// Font pixels are drawn as SCALE×(2·SCALE) blocks: terminal cells are
/// about twice as tall as wide.
const SCALE: usize = 2;
const CELL_W: usize = 8 * SCALE;
const CELL_H: usize = 16 * SCALE;

type Rgb = [u8; 3];
const FG: Rgb = [208, 208, 208];
const BG: Rgb = [22, 24, 30];

fn rgb(color: Color, default: Rgb) -> Rgb {
    match color {
        Color::Reset => default,
        Color::Black => [0, 0, 0],
        Color::Red => [222, 72, 72],
        Color::Green => [60, 200, 110],
        Color::Yellow => [230, 200, 50],
        Color::Blue => [60, 110, 210],
        Color::Magenta => [190, 80, 190],
        Color::Cyan => [40, 180, 210],
        Color::Gray => [190, 190, 190],
        Color::DarkGray => [110, 110, 120],
        Color::LightRed => [245, 100, 100],
        Color::LightGreen => [110, 230, 150],
        Color::LightYellow => [245, 235, 110],
        Color::LightBlue => [100, 160, 245],
        Color::LightMagenta => [225, 120, 225],
        Color::LightCyan => [110, 220, 240],
        Color::White => [255, 255, 255],
        Color::Rgb(r, g, b) => [r, g, b],
        Color::Indexed(i) => [i, i, i],
    }
}

/// Glyphs font8x8 lacks (rows top to bottom, bit 0 = leftmost pixel).
fn extra_glyph(ch: char) -> Option<[u8; 8]> {
    Some(match ch {
        '★' => [0x08, 0x08, 0x7F, 0x3E, 0x1C, 0x3E, 0x36, 0x00],
        '←' => [0x00, 0x04, 0x06, 0x7F, 0x06, 0x04, 0x00, 0x00],
        '→' => [0x00, 0x10, 0x30, 0x7F, 0x30, 0x10, 0x00, 0x00],
        '↑' => [0x08, 0x1C, 0x3E, 0x08, 0x08, 0x08, 0x08, 0x00],
        '↓' => [0x08, 0x08, 0x08, 0x08, 0x3E, 0x1C, 0x08, 0x00],
        '×' => [0x00, 0x22, 0x14, 0x08, 0x14, 0x22, 0x00, 0x00],
        '…' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x49, 0x00],
        '⊕' => [0x3C, 0x5A, 0x99, 0xFF, 0x99, 0x5A, 0x3C, 0x00],
        '–' => [0x00, 0x00, 0x00, 0x7E, 0x00, 0x00, 0x00, 0x00],
        '▲' => [0x00, 0x18, 0x18, 0x3C, 0x3C, 0x7E, 0x7E, 0x00],
        _ => return None,
    })
}

fn glyph(ch: char) -> [u8; 8] {
    BASIC_FONTS
        .get(ch)
        .or_else(|| BOX_FONTS.get(ch))
        .or_else(|| BLOCK_FONTS.get(ch))
        .or_else(|| LATIN_FONTS.get(ch))
        .or_else(|| extra_glyph(ch))
        // Anything else shows as a hollow box, never as nothing.
        .unwrap_or([0x7E, 0x42, 0x42, 0x42, 0x42, 0x42, 0x7E, 0x00])
}

fn paint(buffer: &Buffer) -> (usize, usize, Vec<u8>) {
    let area = buffer.area;
    let (width, height) = (area.width as usize * CELL_W, area.height as usize * CELL_H);
    let mut image = vec![0u8; width * height * 3];
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &buffer[(x, y)];
            let mut fg = rgb(cell.fg, FG);
            let mut bg = rgb(cell.bg, BG);
            if cell.modifier.contains(Modifier::REVERSED) {
                std::mem::swap(&mut fg, &mut bg);
            }
            let bold = cell.modifier.contains(Modifier::BOLD);
            let underlined = cell.modifier.contains(Modifier::UNDERLINED);
            let rows = glyph(cell.symbol().chars().next().unwrap_or(' '));
            for (gy, row) in rows.iter().enumerate() {
                // Bold: each pixel also lights its right neighbour.
                let bits = if bold { row | row << 1 } else { *row };
                let bits = if underlined && gy == 7 { 0xFF } else { bits };
                for gx in 0..8 {
                    let on = bits >> gx & 1 == 1;
                    let color = if on { fg } else { bg };
                    for py in 0..2 * SCALE {
                        for px in 0..SCALE {
                            let ix = x as usize * CELL_W + gx * SCALE + px;
                            let iy = y as usize * CELL_H + gy * 2 * SCALE + py;
                            let at = (iy * width + ix) * 3;
                            image[at..at + 3].copy_from_slice(&color);
                        }
                    }
                }
            }
        }
    }
    (width, height, image)
}

fn save(app: &App, width: u16, height: u16, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let mut terminal = Terminal::new(TestBackend::new(width, height))?;
    terminal.draw(|frame| frame.render_widget(app, frame.area()))?;
    let (w, h, image) = paint(terminal.backend().buffer());
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, w as u32, h as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&image)?;
    println!("wrote {}", path.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new("screenshots");
    std::fs::create_dir_all(dir)?;
    let with_board = |board: &str| -> Result<App, String> {
        let mut app = App::new(Theme { color: true });
        let board: Board = board.parse().map_err(|e| format!("{e}"))?;
        app.tictactoe = TicTacToeTab::with_board(board);
        Ok(app)
    };
    save(
        &with_board("X0X/.0./.X.")?,
        100,
        20,
        &dir.join("tictactoe.png"),
    )?;
    save(
        &with_board("XXX/00./0..")?,
        100,
        20,
        &dir.join("tictactoe-illegal.png"),
    )?;
    let mut help = with_board("X.X/00./...")?;
    help.show_help = true;
    save(&help, 100, 26, &dir.join("tictactoe-help.png"))?;

    let with_strip = |strip: &str| {
        let mut app = App::new(Theme { color: true });
        let cells: Vec<bool> = strip.chars().map(|c| c == 'X').collect();
        app.treblecross = TreblecrossTab::with_strip(Strip::from(cells));
        app.update(Action::SelectTab(TabId::Treblecross));
        app
    };
    let strip = "X.......X........................X...................X.........";
    save(&with_strip(strip), 100, 26, &dir.join("treblecross.png"))?;
    let mut game = with_strip(&".".repeat(40));
    game.update(Action::Treblecross(TreblecrossAction::Play(Player::You)));
    for _ in 0..9 {
        game.update(Action::Treblecross(TreblecrossAction::Move(1)));
    }
    game.update(Action::Treblecross(TreblecrossAction::Toggle));
    save(&game, 100, 26, &dir.join("treblecross-game.png"))?;
    let mut study = with_strip(strip);
    for _ in 0..125 {
        study.update(Action::Treblecross(TreblecrossAction::ScrollGrundy(8)));
    }
    study.update(Action::Treblecross(TreblecrossAction::GrundyStats));
    save(&study, 100, 26, &dir.join("treblecross-stats.png"))?;

    // MNC: wait for the engine thread (it solves, then answers).
    let settle = |app: &mut App| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::time::Instant::now() < deadline {
            app.tick();
            let tab = app
                .mnc
                .as_ref()
                .map(|m| (m.humans_turn(), m.value().is_some()));
            if tab == Some((true, true)) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    let mut mnc = App::new(Theme { color: true });
    mnc.mnc = Some(MncTab::new(Side::O, std::time::Duration::ZERO));
    mnc.update(Action::SelectTab(TabId::Mnc));
    settle(&mut mnc);
    mnc.update(Action::Mnc(MncAction::Play(Move::Place {
        size: Size::Big,
        cell: Cell::ALL[0],
    })));
    settle(&mut mnc);
    mnc.update(Action::Mnc(MncAction::ToggleHints));
    mnc.update(Action::Mnc(MncAction::Hand(Size::Small)));
    save(&mnc, 100, 24, &dir.join("mnc.png"))?;
    mnc.update(Action::Mnc(MncAction::Cancel));
    mnc.update(Action::Mnc(MncAction::ToggleAnalysis));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while mnc.mnc.as_ref().is_some_and(|m| m.setup_rating().is_none())
        && std::time::Instant::now() < deadline
    {
        mnc.tick();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    save(&mnc, 100, 24, &dir.join("mnc-analysis.png"))?;
    Ok(())
}
