use noughts::cli::{self, Cli, Command, Error, EXIT_BAD_INPUT, EXIT_FAILURE};
use std::ffi::OsString;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Kept to show what clap quotes of it escaped.
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_from_args(&args) {
        Ok(cli) => cli,
        // --help and --version print as clap prints them; a failed write
        // is said, as for any answer.
        Err(e) if !e.use_stderr() => {
            let printed = check_stdout()
                .and_then(|()| e.print())
                .and_then(|()| std::io::stdout().flush());
            return match printed {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => failed(&Error::Output(error)),
            };
        }
        // A usage error is one line, like every other error.
        Err(e) => {
            eprintln!("noughts: error: {}", cli::usage_line(&e, &args));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let command = cli.command.unwrap_or(Command::Tui {
        board: None,
        strip: None,
        puzzle: None,
        load: None,
        fresh: false,
        no_mouse: cli.no_mouse,
        ascii: cli.ascii,
    });
    if let Command::Tui {
        board,
        strip,
        puzzle,
        load,
        fresh,
        no_mouse,
        ascii,
    } = command
    {
        // A file to load is read before the screen is taken: a bad one is
        // one line and status 2, as bad input everywhere.
        let load = match load
            .map(|path| noughts::tui::files::load(&path))
            .transpose()
        {
            Ok(saved) => saved,
            Err(why) => {
                eprintln!("noughts: error: {why}");
                return ExitCode::from(EXIT_BAD_INPUT);
            }
        };
        let options = noughts::tui::Options {
            mouse: !(no_mouse || cli.no_mouse),
            ascii: ascii || cli.ascii,
            board,
            strip,
            puzzle,
            load,
            fresh,
        };
        // color-eyre reports panics; errors are one line, as everywhere.
        let _ = color_eyre::install();
        return match noughts::tui::run(options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("noughts: error: {e}");
                let code = match e {
                    noughts::tui::Error::NoTerminal => EXIT_BAD_INPUT,
                    noughts::tui::Error::Io(_) | noughts::tui::Error::NotKept(_) => EXIT_FAILURE,
                };
                ExitCode::from(code)
            }
        };
    }
    if let Err(error) = check_stdout() {
        return failed(&Error::Output(error));
    }
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result =
        cli::dispatch::run(command, &mut out).and_then(|()| out.flush().map_err(Error::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `| head` closed the pipe: the reader has what it wanted.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // What was written stays written; the error goes on its own line.
            drop(out.into_parts());
            failed(&e)
        }
    }
}

/// The error as one line, and its exit status.
fn failed(e: &Error) -> ExitCode {
    eprintln!("noughts: error: {e}");
    ExitCode::from(e.exit_code())
}

/// Whether standard output was closed when the process began (`>&-`),
/// looked at before Rust's runtime starts: the runtime then opens /dev/null
/// in its place, and every answer would be lost without a word. Afterwards
/// that /dev/null cannot be told from one the caller opened on purpose.
#[cfg(any(target_os = "linux", target_os = "macos"))]
// A look at a descriptor before the runtime starts needs a function the
// loader runs (link_section) and a system call: the one unsafe part of the
// binary.
#[allow(unsafe_code)]
mod stdout_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Run by the loader before `main` (and before the runtime's own set-up).
    extern "C" fn look() {
        // SAFETY: F_GETFD only reads a descriptor's flags; -1 means none.
        let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
        CLOSED.store(closed, Ordering::Relaxed);
    }

    #[used]
    #[cfg_attr(target_os = "linux", link_section = ".init_array")]
    #[cfg_attr(target_os = "macos", link_section = "__DATA,__mod_init_func")]
    static LOOK: extern "C" fn() = look;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// Fails if standard output was closed when the process began.
#[cfg(unix)]
fn check_stdout() -> std::io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    if stdout_at_start::was_closed() {
        return Err(std::io::Error::other("standard output is closed"));
    }
    Ok(())
}

/// Windows: standard output is missing when its handle is.
#[cfg(windows)]
fn check_stdout() -> std::io::Result<()> {
    use std::os::windows::io::AsHandle;
    std::io::stdout()
        .as_handle()
        .try_clone_to_owned()
        .map(drop)
        .map_err(|_| std::io::Error::other("standard output is closed"))
}

#[cfg(not(any(unix, windows)))]
fn check_stdout() -> std::io::Result<()> {
    Ok(())
}
