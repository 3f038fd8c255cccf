//! What a damaged data file was kept aside as, shared by the hostile-file
//! property tests.

use std::fs;
use std::path::Path;

/// The contents of the one file left in `dir`, which must be `file_name`
/// kept aside as `<file_name>.corrupt-…`.
pub fn aside_contents(dir: &Path, file_name: &str) -> Vec<u8> {
    let entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap()).collect();
    assert_eq!(entries.len(), 1, "one file, kept aside");
    let name = entries[0].file_name().to_string_lossy().into_owned();
    assert!(name.starts_with(&format!("{file_name}.corrupt-")), "{name}");
    fs::read(entries[0].path()).unwrap()
}
