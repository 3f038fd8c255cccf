//! Where lianliankan keeps its files, and how it writes them: atomically, so a
//! crash at any moment leaves the old file or the new one, never a torn one.
//!
//! Higher layers ([`crate::persist::document`]) decide what the bytes mean; this module
//! only finds the data directory, writes and reads files safely, and moves
//! unreadable files aside.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::escape::escape_controls;

/// The environment variable that overrides the per-user data directory, so
/// tests and unusual setups can point the game at a directory of their own.
pub const DATA_DIR_ENV: &str = "LIANLIANKAN_DATA_DIR";

/// The largest file read back. Our own files are a few kilobytes; anything far
/// larger is not ours, and reading it whole would let a stray file eat memory.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Why a file in the data directory could not be used.
#[derive(Debug)]
pub enum StorageError {
    /// No data directory was given and the platform has none (no home directory).
    NoDataDir,
    /// A file or directory could not be opened, read, written or renamed.
    Io {
        /// What was being done, for example "write".
        action: &'static str,
        /// The file or directory concerned.
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The value could not be turned into text (a bug in the caller's type).
    Encode {
        /// The file that was to be written.
        path: PathBuf,
        /// The encoder's reason.
        message: String,
    },
    /// The file was written by a newer lianliankan: it is refused and left untouched.
    NewerVersion {
        /// The file concerned.
        path: PathBuf,
        /// The version the file declares.
        found: u64,
        /// The newest version this build understands.
        supported: u32,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            StorageError::NoDataDir => {
                format!("no per-user data directory was found; set {DATA_DIR_ENV} to a directory")
            }
            StorageError::Io {
                action,
                path,
                source,
            } => format!("cannot {action} {}: {source}", path.display()),
            StorageError::Encode { path, message } => {
                format!("cannot encode {}: {message}", path.display())
            }
            StorageError::NewerVersion {
                path,
                found,
                supported,
            } => format!(
                "{} has format version {found}, but this lianliankan reads versions up to \
                 {supported}; update lianliankan (the file is left untouched)",
                path.display()
            ),
        };
        f.write_str(&escape_controls(&text))
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StorageError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl StorageError {
    pub(crate) fn io(action: &'static str, path: &Path, source: io::Error) -> Self {
        StorageError::Io {
            action,
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The directory that holds the high scores and the saved game:
/// `$LIANLIANKAN_DATA_DIR` when set and not empty, otherwise the platform's
/// per-user data directory (`$XDG_DATA_HOME/lianliankan` or
/// `~/.local/share/lianliankan` on Linux). It is created on the first write.
pub fn data_dir() -> Result<PathBuf, StorageError> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "lianliankan")
            .map(|dirs| dirs.data_dir().to_path_buf())
            .ok_or(StorageError::NoDataDir),
    }
}

/// Seconds since the Unix epoch (0 for a clock set before it), to name files
/// that are kept aside.
fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Writes `bytes` to `dir/file_name` so that a crash at any moment leaves the
/// old contents or the new ones, never a mix: a temporary file in the same
/// directory, flushed and synced, renamed over the old file, then the
/// directory synced where the platform allows. Creates `dir` if needed.
pub fn write_atomic(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<(), StorageError> {
    PendingFile::write(dir, file_name, bytes)?.commit()
}

/// A temporary file that holds the complete new contents, synced to disk but
/// not yet renamed into place. Dropped without [`PendingFile::commit`], it is
/// removed; after a crash it stays behind under a name no reader looks at.
struct PendingFile {
    temp: Option<PathBuf>,
    target: PathBuf,
    dir: PathBuf,
}

impl PendingFile {
    fn write(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<Self, StorageError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        fs::create_dir_all(dir).map_err(|e| StorageError::io("create", dir, e))?;
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!(".{file_name}.{}-{n}.tmp", std::process::id()));
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| StorageError::io("create", &temp, e))?;
        // From here on the temporary file exists, so it is removed on failure.
        let pending = PendingFile {
            temp: Some(temp),
            target: dir.join(file_name),
            dir: dir.to_path_buf(),
        };
        file.write_all(bytes)
            .and_then(|()| file.flush())
            .and_then(|()| file.sync_all())
            .map_err(|e| StorageError::io("write", pending.temp_path(), e))?;
        Ok(pending)
    }

    fn temp_path(&self) -> &Path {
        self.temp.as_deref().expect("only taken by commit")
    }

    fn commit(mut self) -> Result<(), StorageError> {
        let temp = self.temp.take().expect("committed once");
        if let Err(e) = fs::rename(&temp, &self.target) {
            let _ = fs::remove_file(&temp);
            return Err(StorageError::io("replace", &self.target, e));
        }
        sync_dir(&self.dir);
        Ok(())
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Makes a rename or removal in `dir` durable. Not every platform can open a
/// directory (Windows cannot), so failure is ignored: the file data itself
/// was already synced.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Removes `dir/file_name` durably; a file that is not there is not an error.
pub fn remove(dir: &Path, file_name: &str) -> Result<(), StorageError> {
    let path = dir.join(file_name);
    match fs::remove_file(&path) {
        Ok(()) => {
            sync_dir(dir);
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(StorageError::io("remove", &path, e)),
    }
}

/// What reading a file found.
#[derive(Debug)]
pub(crate) enum FileContents {
    /// There is no such file.
    Missing,
    /// The whole file, at most [`MAX_FILE_BYTES`] long.
    Bytes(Vec<u8>),
    /// The file exists but cannot be read whole: too large, not a regular file
    /// (a directory or a named pipe in its place), or a read error.
    Unreadable(String),
}

/// Reads a whole file, at most [`MAX_FILE_BYTES`] of it. A path that cannot be
/// looked at or opened for a reason other than its absence (an unreadable
/// directory, say) is an error; a file that is there but cannot be read whole
/// is [`FileContents::Unreadable`], for the caller to keep aside.
pub(crate) fn read_file(path: &Path) -> Result<FileContents, StorageError> {
    // Checked before opening: opening a named pipe would wait for a writer.
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Ok(FileContents::Unreadable("it is not a regular file".into()));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(FileContents::Missing),
        Err(e) => return Err(StorageError::io("open", path, e)),
        Ok(_) => {}
    }
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(FileContents::Missing),
        Err(e) => return Err(StorageError::io("open", path, e)),
    };
    let mut bytes = Vec::new();
    match file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
        Ok(n) if n as u64 > MAX_FILE_BYTES => Ok(FileContents::Unreadable(format!(
            "it is larger than {MAX_FILE_BYTES} bytes"
        ))),
        Ok(_) => Ok(FileContents::Bytes(bytes)),
        Err(e) => Ok(FileContents::Unreadable(e.to_string())),
    }
}

/// Renames a file that cannot be used to `<name>.corrupt-<unix time>` (with a
/// `-N` suffix if that name is taken), so the player's data is kept for
/// inspection but no longer read. Returns the new path.
pub(crate) fn keep_aside(path: &Path) -> Result<PathBuf, StorageError> {
    let stamp = unix_now();
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".corrupt-{stamp}"));
    let base = PathBuf::from(name);
    let mut aside = base.clone();
    let mut n = 1;
    while aside.symlink_metadata().is_ok() {
        let mut name = base.as_os_str().to_owned();
        name.push(format!("-{n}"));
        aside = PathBuf::from(name);
        n += 1;
    }
    fs::rename(path, &aside).map_err(|e| StorageError::io("move aside", path, e))?;
    if let Some(dir) = path.parent() {
        sync_dir(dir);
    }
    Ok(aside)
}

/// The names of the files in `dir`, sorted, for tests of what a directory holds.
#[cfg(test)]
pub(crate) fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("new").join("dir");
        write_atomic(&sub, "f.json", b"one").unwrap();
        write_atomic(&sub, "f.json", b"two").unwrap();
        assert_eq!(fs::read(sub.join("f.json")).unwrap(), b"two");
        assert_eq!(file_names(&sub), ["f.json"]);
    }

    #[test]
    fn a_crash_before_the_rename_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(dir.path(), "f.json", b"old").unwrap();
        let pending = PendingFile::write(dir.path(), "f.json", b"new, complete").unwrap();
        let temp = pending.temp_path().to_path_buf();
        // A crash: the process ends without the rename and without the cleanup.
        std::mem::forget(pending);
        assert_eq!(fs::read(dir.path().join("f.json")).unwrap(), b"old");
        assert_eq!(fs::read(&temp).unwrap(), b"new, complete");
        // The leftover does not disturb the next write or read.
        write_atomic(dir.path(), "f.json", b"newer").unwrap();
        assert_eq!(fs::read(dir.path().join("f.json")).unwrap(), b"newer");
    }

    #[test]
    fn a_crash_mid_save_keeps_the_old_high_scores() {
        use crate::persist::scores::{BoardKey, Entry, Scores};
        let dir = tempfile::tempdir().unwrap();
        let key = BoardKey::new(9, 16, "none", crate::game::Difficulty::Normal).unwrap();
        let entry = |name: &str| Entry::new(name, 10, 10, SystemTime::now(), false).unwrap();
        let mut old = Scores::default();
        old.insert(&key, entry("old"));
        old.save(dir.path()).unwrap();
        let mut new = old.clone();
        new.insert(&key, entry("new"));
        // The new table is written to its temporary file, then the process dies.
        let json = fs::read(dir.path().join("scores.json")).unwrap();
        let text = String::from_utf8(json).unwrap().replace("old", "new");
        std::mem::forget(PendingFile::write(dir.path(), "scores.json", text.as_bytes()).unwrap());
        // Half a temporary file from a crash in the middle of writing it.
        fs::write(
            dir.path().join(".scores.json.99-0.tmp"),
            &text[..text.len() / 2],
        )
        .unwrap();
        assert_eq!(Scores::load(dir.path()).unwrap(), (old, None));
        // The next save goes through and is read back.
        new.save(dir.path()).unwrap();
        assert_eq!(Scores::load(dir.path()).unwrap(), (new, None));
    }

    #[test]
    fn an_abandoned_write_removes_its_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        drop(PendingFile::write(dir.path(), "f.json", b"x").unwrap());
        assert!(file_names(dir.path()).is_empty());
    }

    #[test]
    fn failed_writes_are_errors_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        fs::write(&file, b"").unwrap();
        let err = write_atomic(&file, "f.json", b"x").unwrap_err();
        assert!(err.to_string().contains("plain"), "{err}");
    }

    #[test]
    fn reading_tells_missing_from_unreadable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        assert!(matches!(read_file(&path).unwrap(), FileContents::Missing));
        fs::create_dir(&path).unwrap();
        assert!(matches!(
            read_file(&path).unwrap(),
            FileContents::Unreadable(_)
        ));
        fs::remove_dir(&path).unwrap();
        fs::write(&path, vec![b' '; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(matches!(
            read_file(&path).unwrap(),
            FileContents::Unreadable(_)
        ));
        #[cfg(unix)]
        {
            fs::remove_file(&path).unwrap();
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            assert!(made.unwrap().success());
            assert!(matches!(
                read_file(&path).unwrap(),
                FileContents::Unreadable(_)
            ));
        }
        // A data directory that is a plain file cannot be opened at all.
        let file = dir.path().join("file");
        fs::write(&file, b"").unwrap();
        let err = read_file(&file.join("scores.json")).unwrap_err();
        assert!(matches!(err, StorageError::Io { .. }), "{err}");
    }

    #[test]
    fn kept_aside_files_get_distinct_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        fs::write(&path, b"1").unwrap();
        let first = keep_aside(&path).unwrap();
        fs::write(&path, b"2").unwrap();
        let second = keep_aside(&path).unwrap();
        assert_ne!(first, second);
        assert!(!path.exists());
        assert_eq!(fs::read(&first).unwrap(), b"1");
        assert_eq!(fs::read(&second).unwrap(), b"2");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("f.json.corrupt-"), "{name}");
    }

    #[test]
    fn remove_is_quiet_about_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        remove(dir.path(), "f.json").unwrap();
        write_atomic(dir.path(), "f.json", b"x").unwrap();
        remove(dir.path(), "f.json").unwrap();
        assert!(file_names(dir.path()).is_empty());
    }

    #[test]
    fn errors_escape_control_characters() {
        let err = StorageError::io("open", Path::new("/x\x07"), io::Error::other("bad"));
        assert!(!err.to_string().contains('\x07'), "{err}");
        assert!(err.to_string().contains("\\u{7}"), "{err}");
    }
}
