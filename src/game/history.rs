//! Unlimited undo and redo as two stacks of whole snapshots.
//!
//! Each entry is the state as it was on one side of a move, so undoing puts
//! back exactly what the move changed (whatever the move did: a match, the
//! reshuffle a deadlock forced after it, a requested reshuffle, a hint). A
//! snapshot of a small board is cheap, and plain data, so the history can be
//! saved with the game.

/// The undo and redo stacks of snapshots of type `T`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }
}

impl<T> History<T> {
    /// Records the state `before` a new move. A new move ends any redo.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        self.redo.clear();
    }

    /// Steps back: takes the state before the last move and keeps `current`
    /// for redo. `None` (and `current` dropped) when there is nothing to undo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.undo.pop()?;
        self.redo.push(current);
        Some(before)
    }

    /// Steps forward again: takes the state after the last undone move and
    /// keeps `current` for undo. `None` when there is nothing to redo.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.redo.pop()?;
        self.undo.push(current);
        Some(after)
    }

    /// A history from its two stacks, oldest first (a resumed game).
    pub fn from_stacks(undo: Vec<T>, redo: Vec<T>) -> Self {
        History { undo, redo }
    }

    /// The states that undo steps back to, oldest first, and those redo steps
    /// forward to, the furthest first.
    pub fn stacks(&self) -> (&[T], &[T]) {
        (&self.undo, &self.redo)
    }

    /// How many moves can be undone.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// How many undone moves can be redone.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_the_line_and_a_new_move_cuts_it() {
        let mut h = History::default();
        assert_eq!(h.undo(0), None);
        assert_eq!(h.redo(0), None);
        // States 0 -> 1 -> 2.
        h.record(0);
        h.record(1);
        assert_eq!((h.undo_len(), h.redo_len()), (2, 0));
        assert_eq!(h.undo(2), Some(1));
        assert_eq!(h.undo(1), Some(0));
        assert_eq!(h.undo(0), None);
        assert_eq!(h.redo(0), Some(1));
        assert_eq!(h.redo(1), Some(2));
        assert_eq!(h.redo(2), None);
        assert_eq!(h.undo(2), Some(1));
        // A new move from 1 forgets 2.
        h.record(1);
        assert_eq!((h.undo_len(), h.redo_len()), (2, 0));
        assert_eq!(h.redo(3), None);
    }
}
