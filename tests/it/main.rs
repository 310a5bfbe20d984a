//! The integration tests, one crate: the library and the binary are linked
//! once for all of them, and the helpers are one set — `app_support` (the
//! app driven without a terminal), `independent` (the slow twins, which
//! share no code with the solvers) and `players` (opponents for the engines).

// A test that cannot set up stops there: unwrap is the test's assertion.
#![allow(clippy::unwrap_used)]
// Processes and terminals are driven through libc (kill, wait4, mkfifo,
// termios), each call with why it is sound.
#![allow(unsafe_code)]

mod app_support;
mod bridge;
mod independent;
mod players;

mod assets;
mod bad_input;
mod docs;
mod files;
mod grundy;
mod history;
mod hostile;
mod kattis;
mod lessons;
mod mnc;
mod notakto;
mod octal;
mod pty;
mod puzzle;
mod read_back;
mod saved;
mod screens_80x24;
mod settings;
mod shell;
mod survey;
mod tabs_alike;
mod themes;
mod tictactoe;
mod treblecross;
mod tui;
mod tui_mnc;
mod tui_mnc_hints;
mod tui_notakto;
mod tui_puzzle;
mod tui_tictactoe_game;
mod tui_treblecross;
mod tui_treblecross_game;
