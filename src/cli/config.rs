//! `noughts config`: where the app's settings file is, and writing it with
//! every setting at its default and what it does (see [`crate::settings`]).

use super::Error;
use crate::notation::escape_all;
use crate::settings;
use std::io::Write;

/// `--init`: writes the file (never over one that exists); else prints
/// its path.
pub fn run(init: bool, out: &mut impl Write) -> Result<(), Error> {
    let Some(file) = settings::path() else {
        return Err(Error::Range(format!(
            "no config folder on this system: set {} to one",
            crate::store::Folder::Config.variable()
        )));
    };
    let shown = escape_all(&file.display().to_string());
    if !init {
        return writeln!(out, "{shown}").map_err(Error::Output);
    }
    settings::write_new(&file).map_err(|error| {
        if error.kind() == std::io::ErrorKind::AlreadyExists {
            Error::Unwritable {
                option: "--init".into(),
                error: std::io::Error::other(format!(
                    "{shown} exists already: it is left as it is (delete it to write the defaults)"
                )),
            }
        } else {
            Error::Write {
                option: format!("--init {shown}"),
                error,
            }
        }
    })?;
    writeln!(out, "wrote {shown}").map_err(Error::Output)
}
