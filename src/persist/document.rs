//! Versioned documents in the data directory: the high-score tables, the
//! saved game, the settings and the statistics are each one JSON file,
//! `{"version": N, "data": ...}`.
//!
//! JSON (serde_json) rather than TOML: it encodes any serde value (the game's
//! state holds nested sequences, options and enums that TOML cannot always
//! express, and TOML has no top-level array or null), escapes every string it
//! writes, and its parser bounds nesting depth, so hostile files cannot
//! overflow the stack. It stays readable with pretty printing.
//!
//! Loading never fails on bad contents: a file that cannot be read or parsed,
//! or whose values are out of range, is kept aside and reported once as a
//! warning. A file from a newer version is refused and never overwritten.
//!
//! A file that several running games add to (the high scores, the
//! statistics) is changed with [`update`], under the file's lock, so that
//! two changes at the same moment both land.
//!
//! How the game keeps its state:
//!
//! ```no_run
//! use lianliankan::persist::document::{self, Document};
//! use lianliankan::persist::storage::{StorageError, data_dir};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Default, Serialize, Deserialize)]
//! struct Game {
//!     tiles: Vec<u32>,
//!     seconds: u32,
//! }
//!
//! impl Document for Game {
//!     const FILE_NAME: &'static str = "game.json";
//!     const VERSION: u32 = 1;
//!     const DESCRIPTION: &'static str = "The saved game";
//! }
//!
//! fn main() -> Result<(), StorageError> {
//!     let dir = data_dir()?;
//!     // On start: resume, telling the player once if a bad file was kept aside.
//!     let resumed = document::load::<Game>(&dir)?;
//!     if let Some(warning) = resumed.warning {
//!         eprintln!("{warning}");
//!     }
//!     let game = resumed.value.unwrap_or_default();
//!     // After every move and on quit.
//!     document::save(&dir, &game)?;
//!     // Once the game is won or abandoned.
//!     document::remove::<Game>(&dir)
//! }
//! ```

use std::path::Path;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};

use crate::escape::escape_controls;
use crate::persist::storage::{self, FileContents, LOCK_PATIENCE, Lock, StorageError};

/// A value kept in its own file in the data directory. Implementing it is all
/// a type needs to be saved with [`save`] and read back with [`load`].
pub trait Document: Serialize + DeserializeOwned {
    /// The file name in the data directory, for example `"scores.json"`.
    const FILE_NAME: &'static str;
    /// The format version written. Raise it when old builds could misread the
    /// new layout: they will then refuse the file instead of damaging it.
    /// Files with a lower version are read by [`Document::upgrade`].
    const VERSION: u32;
    /// What the file holds, for messages: "the high scores".
    const DESCRIPTION: &'static str;

    /// Checks what serde cannot: ranges and consistency. A file whose value
    /// fails is treated like an unparsable one.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }

    /// Reads `file`, written at an older `version` (from 1 up to, not
    /// including, [`Document::VERSION`]) as the current type: by default as
    /// it stands, for a layout that has only gained fields with defaults
    /// since; a type whose layout changed reads its old one (with
    /// [`read_data`]) and converts it. The value is validated afterwards
    /// like any other; an error keeps the file aside.
    fn upgrade(_version: u64, file: &[u8]) -> Result<Self, String> {
        read_data(file)
    }
}

/// The result of [`load`]: the value, if there was a usable file, and a
/// message to show the player once if a bad file was kept aside.
#[derive(Debug)]
pub struct Loaded<D> {
    /// The stored value; `None` if there was no file or it was kept aside.
    pub value: Option<D>,
    /// Why a file was kept aside, and where it went; already escaped for the terminal.
    pub warning: Option<String>,
}

#[derive(Serialize)]
struct Outgoing<'a, D> {
    version: u32,
    data: &'a D,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Incoming<D> {
    #[serde(rename = "version")]
    _version: IgnoredAny,
    data: D,
}

/// Only the version, read first so that a newer file is recognised even when
/// the rest would not parse as the current type.
#[derive(Deserialize)]
struct Header {
    version: u64,
}

/// What the contents of a file amount to.
enum Parsed<D> {
    Good(D),
    Newer(u64),
    Bad(String),
}

fn parse<D: Document>(bytes: &[u8]) -> Parsed<D> {
    let version = match serde_json::from_slice::<Header>(bytes) {
        Ok(header) => header.version,
        Err(e) => return Parsed::Bad(e.to_string()),
    };
    if version > u64::from(D::VERSION) {
        return Parsed::Newer(version);
    }
    if version == 0 {
        return Parsed::Bad("version 0 does not exist".into());
    }
    let data = if version == u64::from(D::VERSION) {
        read_data::<D>(bytes)
    } else {
        D::upgrade(version, bytes)
    };
    match data.and_then(|data| data.validate().map(|()| data)) {
        Ok(data) => Parsed::Good(data),
        Err(reason) => Parsed::Bad(reason),
    }
}

/// The `data` of a document file (`{"version": N, "data": ...}`) read as
/// `T`: the current type, or the layout of an older version for
/// [`Document::upgrade`]. The error says what did not parse.
pub fn read_data<T: DeserializeOwned>(file: &[u8]) -> Result<T, String> {
    serde_json::from_slice::<Incoming<T>>(file)
        .map(|incoming| incoming.data)
        .map_err(|e| e.to_string())
}

/// Reads `D` from its file in `dir`. No file gives no value. A file that
/// cannot be read, parsed or validated is renamed to
/// `<name>.corrupt-<unix time>` and reported in [`Loaded::warning`]. A file
/// written by a newer version is an error and stays as it is; so is a
/// directory that cannot be opened.
pub fn load<D: Document>(dir: &Path) -> Result<Loaded<D>, StorageError> {
    let path = dir.join(D::FILE_NAME);
    let reason = match storage::read_file(&path)? {
        FileContents::Missing => {
            return Ok(Loaded {
                value: None,
                warning: None,
            });
        }
        FileContents::Unreadable(reason) => reason,
        FileContents::Bytes(bytes) => match parse::<D>(&bytes) {
            Parsed::Good(value) => {
                return Ok(Loaded {
                    value: Some(value),
                    warning: None,
                });
            }
            Parsed::Newer(found) => {
                return Err(StorageError::NewerVersion {
                    path,
                    found,
                    supported: D::VERSION,
                });
            }
            Parsed::Bad(reason) => reason,
        },
    };
    let aside = storage::keep_aside(&path)?;
    let warning = format!(
        "{} in {} could not be used ({reason}); the file was kept as {} and a fresh one begins.",
        D::DESCRIPTION,
        path.display(),
        aside.display()
    );
    Ok(Loaded {
        value: None,
        warning: Some(escape_controls(&warning)),
    })
}

/// Reads `D` from its file in `dir` when it holds a good one, leaving the
/// file as it is whatever it holds (unlike [`load`], which keeps a bad file
/// aside): for a look at a file about to go.
pub fn peek<D: Document>(dir: &Path) -> Option<D> {
    match storage::read_file(&dir.join(D::FILE_NAME)).ok()? {
        FileContents::Bytes(bytes) => match parse::<D>(&bytes) {
            Parsed::Good(value) => Some(value),
            Parsed::Newer(_) | Parsed::Bad(_) => None,
        },
        FileContents::Missing | FileContents::Unreadable(_) => None,
    }
}

/// Writes `value` to its file in `dir` atomically (see
/// [`storage::write_atomic`]), creating `dir` if needed. Refuses to replace a
/// file written by a newer version.
pub fn save<D: Document>(dir: &Path, value: &D) -> Result<(), StorageError> {
    let path = refuse_newer::<D>(dir)?;
    let outgoing = Outgoing {
        version: D::VERSION,
        data: value,
    };
    let mut bytes = serde_json::to_vec_pretty(&outgoing).map_err(|e| StorageError::Encode {
        path: path.clone(),
        message: e.to_string(),
    })?;
    bytes.push(b'\n');
    storage::write_atomic(dir, D::FILE_NAME, &bytes)
}

/// What [`update`] did: the change's result, and a message to show the
/// player once if a bad file was kept aside.
#[derive(Debug)]
pub struct Updated<R> {
    /// What the change returned; `None` if it changed nothing.
    pub result: Option<R>,
    /// As [`Loaded::warning`].
    pub warning: Option<String>,
}

/// Changes `D` in `dir`: takes the file's lock (waiting while another game
/// holds it, up to [`LOCK_PATIENCE`]), reads the file afresh (no file, or a
/// bad one kept aside, gives the default), applies `change`, and saves if
/// it returned `Some`. Read, change and write are one step for every game
/// that updates this way, so no update is lost to another.
pub fn update<D, R>(
    dir: &Path,
    change: impl FnOnce(&mut D) -> Option<R>,
) -> Result<Updated<R>, StorageError>
where
    D: Document + Default,
{
    let lock = Lock::wait(dir, D::FILE_NAME, LOCK_PATIENCE)?;
    lock.remove_stale_temps();
    let loaded = load::<D>(dir)?;
    let mut value = loaded.value.unwrap_or_default();
    let result = change(&mut value);
    if result.is_some() {
        save(dir, &value)?;
    }
    Ok(Updated {
        result,
        warning: loaded.warning,
    })
}

/// Removes the file of `D` from `dir` (a saved game once it is won or
/// abandoned); no file is not an error. Refuses to remove a file written by
/// a newer version.
pub fn remove<D: Document>(dir: &Path) -> Result<(), StorageError> {
    refuse_newer::<D>(dir)?;
    storage::remove(dir, D::FILE_NAME)
}

/// The path of `D`'s file in `dir`, or an error if the file there was
/// written by a newer version (it must not be replaced or removed).
fn refuse_newer<D: Document>(dir: &Path) -> Result<std::path::PathBuf, StorageError> {
    let path = dir.join(D::FILE_NAME);
    if let FileContents::Bytes(old) = storage::read_file(&path)?
        && let Ok(header) = serde_json::from_slice::<Header>(&old)
        && header.version > u64::from(D::VERSION)
    {
        return Err(StorageError::NewerVersion {
            path,
            found: header.version,
            supported: D::VERSION,
        });
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::persist::storage::file_names;

    /// A stand-in for the game's state.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Game {
        tiles: Vec<Vec<u32>>,
        selected: Option<(u16, u16)>,
        moves: u32,
    }

    impl Document for Game {
        const FILE_NAME: &'static str = "game.json";
        const VERSION: u32 = 2;
        const DESCRIPTION: &'static str = "The saved game";

        fn validate(&self) -> Result<(), String> {
            if self.moves > 1000 {
                return Err(format!("{} moves is more than a game has", self.moves));
            }
            Ok(())
        }
    }

    fn game() -> Game {
        Game {
            tiles: vec![vec![1, 0, 2], vec![2, 0, 1]],
            selected: Some((1, 2)),
            moves: 3,
        }
    }

    #[test]
    fn save_load_remove() {
        let dir = tempfile::tempdir().unwrap();
        assert!(load::<Game>(dir.path()).unwrap().value.is_none());
        save(dir.path(), &game()).unwrap();
        let loaded = load::<Game>(dir.path()).unwrap();
        assert_eq!(loaded.value, Some(game()));
        assert_eq!(loaded.warning, None);
        let text = fs::read_to_string(dir.path().join("game.json")).unwrap();
        assert!(text.contains("\"version\": 2"), "{text}");
        remove::<Game>(dir.path()).unwrap();
        assert!(load::<Game>(dir.path()).unwrap().value.is_none());
    }

    #[test]
    fn bad_files_are_kept_aside_once() {
        let cases: [&[u8]; 7] = [
            b"{\"version\": 2, \"data\": {\"tiles\": [[1]], \"sel",
            b"\xff\xfe not text",
            b"{\"version\": 2, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": -1}}",
            b"{\"version\": 2, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": 5000}}",
            b"{\"version\": 0, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": 1}}",
            b"{\"version\": 2, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": 1}, \"x\": 1}",
            b"{\"version\": 2, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": 1, \"\x1b[2J\": 1}}",
        ];
        for bytes in cases {
            let dir = tempfile::tempdir().unwrap();
            fs::write(dir.path().join("game.json"), bytes).unwrap();
            let loaded = load::<Game>(dir.path()).unwrap();
            assert!(loaded.value.is_none());
            let warning = loaded.warning.expect("a warning");
            assert!(warning.starts_with("The saved game in "), "{warning}");
            assert!(warning.contains(".corrupt-"), "{warning}");
            // A sentence, as the notes told beside it in one box are.
            assert!(warning.ends_with(" and a fresh one begins."), "{warning}");
            assert!(!warning.chars().any(char::is_control), "{warning:?}");
            let names = file_names(dir.path());
            assert_eq!(names.len(), 1, "{names:?}");
            assert!(names[0].starts_with("game.json.corrupt-"), "{names:?}");
            let aside = fs::read(dir.path().join(&names[0])).unwrap();
            assert_eq!(aside, bytes, "kept byte for byte");
            // Told once: the next load finds no file and says nothing.
            let again = load::<Game>(dir.path()).unwrap();
            assert!(again.value.is_none() && again.warning.is_none());
        }
    }

    #[test]
    fn older_versions_are_read_with_the_current_type() {
        let dir = tempfile::tempdir().unwrap();
        let v1 = b"{\"version\": 1, \"data\": {\"tiles\": [], \"selected\": null, \"moves\": 7}}";
        fs::write(dir.path().join("game.json"), v1).unwrap();
        let loaded = load::<Game>(dir.path()).unwrap();
        assert_eq!(loaded.value.map(|g| g.moves), Some(7));
    }

    #[test]
    fn newer_versions_are_refused_and_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let newer = b"{\"version\": 3, \"data\": {\"something\": \"else\"}, \"more\": []}";
        fs::write(&path, newer).unwrap();
        let err = load::<Game>(dir.path()).unwrap_err();
        assert!(
            matches!(
                err,
                StorageError::NewerVersion {
                    found: 3,
                    supported: 2,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("update lianliankan"), "{err}");
        let err = save(dir.path(), &game()).unwrap_err();
        assert!(matches!(err, StorageError::NewerVersion { .. }), "{err}");
        let err = remove::<Game>(dir.path()).unwrap_err();
        assert!(matches!(err, StorageError::NewerVersion { .. }), "{err}");
        assert_eq!(fs::read(&path).unwrap(), newer);
        assert_eq!(file_names(dir.path()), ["game.json"]);
    }

    #[test]
    fn a_leftover_temporary_file_does_not_break_loading() {
        let dir = tempfile::tempdir().unwrap();
        save(dir.path(), &game()).unwrap();
        fs::write(
            dir.path().join(".game.json.1-0.tmp"),
            b"{\"version\": 2, \"da",
        )
        .unwrap();
        assert_eq!(load::<Game>(dir.path()).unwrap().value, Some(game()));
        save(dir.path(), &game()).unwrap();
        assert_eq!(load::<Game>(dir.path()).unwrap().value, Some(game()));
    }
}
