//! Getting a command's input: a file, or standard input.

use super::Error;
use crate::notation::text_of;
use std::io::Read;
use std::path::Path;

/// Reads a file, or standard input when the path is absent or `-`, as text.
pub fn read_input(path: Option<&Path>) -> Result<String, Error> {
    let mut bytes = Vec::new();
    let (source, result) = match path {
        Some(p) if p.as_os_str() != "-" => (
            p.display().to_string(),
            std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut bytes)),
        ),
        _ => (
            "standard input".to_string(),
            std::io::stdin().read_to_end(&mut bytes),
        ),
    };
    result.map_err(|error| Error::Read { source, error })?;
    Ok(text_of(bytes)?)
}
