//! The solver's memory of positions proved lost, keyed by the positions
//! themselves, so two positions can never be taken for one another.
//!
//! A position is the set of tiles still on the board: a bit per tile of the
//! board the search started from. The memory keeps those bits for every
//! position it holds, next to a 64-bit hash that only speeds up the look-up;
//! a hash shared by two positions costs a comparison of their bits, never a
//! wrong answer.

/// Positions proved lost, at most as many as fit in the byte budget.
pub(super) struct LostMemory {
    /// The words (64 tiles each) of one position.
    words: usize,
    /// Open addressing with linear probing: 0 is a free slot; otherwise the
    /// high 32 bits of the entry's hash and, below, its index plus one, so
    /// most look-ups that fail touch the slots only.
    slots: Vec<u64>,
    /// The hash of each entry, to grow the table without rehashing.
    hashes: Vec<u64>,
    /// The positions, `words` words each, in entry order.
    keys: Vec<u64>,
    /// The most entries the byte budget allows.
    limit: usize,
}

/// The slots a table starts with.
const FIRST_SLOTS: usize = 1 << 10;

impl LostMemory {
    /// An empty memory for positions of `words` words that grows to at most
    /// about `budget` bytes.
    pub(super) fn new(words: usize, budget: usize) -> Self {
        // An entry costs its words, its hash and at most four slots (the
        // table is grown at half full, so it is at least a quarter full).
        let per_entry = 8 * words + 8 + 4 * 8;
        LostMemory {
            words,
            slots: vec![0; FIRST_SLOTS],
            hashes: Vec::new(),
            keys: Vec::new(),
            limit: (budget / per_entry).min(u32::MAX as usize - 1),
        }
    }

    /// How many positions are remembered.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.hashes.len()
    }

    fn key(&self, entry: usize) -> &[u64] {
        &self.keys[entry * self.words..(entry + 1) * self.words]
    }

    /// The slot holding `key`, or the free slot where it would go.
    fn find(&self, hash: u64, key: &[u64]) -> usize {
        debug_assert_eq!(key.len(), self.words);
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            let found = self.slots[slot];
            if found == 0
                || (found >> 32 == hash >> 32 && self.key((found as u32 - 1) as usize) == key)
            {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The slot value of entry `entry`, whose hash is `hash`.
    fn slot_value(entry: usize, hash: u64) -> u64 {
        (hash & !0xFFFF_FFFF) | (entry as u64 + 1)
    }

    /// Whether the position `key` (whose hash is `hash`) was remembered.
    pub(super) fn contains(&self, hash: u64, key: &[u64]) -> bool {
        self.slots[self.find(hash, key)] != 0
    }

    /// Remembers the position `key`; once the budget is spent, nothing more
    /// is remembered, which costs the search time but never correctness.
    pub(super) fn insert(&mut self, hash: u64, key: &[u64]) {
        if self.hashes.len() >= self.limit {
            return;
        }
        let slot = self.find(hash, key);
        if self.slots[slot] != 0 {
            return;
        }
        self.slots[slot] = Self::slot_value(self.hashes.len(), hash);
        self.hashes.push(hash);
        self.keys.extend_from_slice(key);
        if 2 * self.hashes.len() > self.slots.len() {
            self.grow();
        }
    }

    /// Doubles the table and puts every entry back by its hash.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        self.slots = vec![0; size];
        let mask = size - 1;
        for (entry, &hash) in self.hashes.iter().enumerate() {
            let mut slot = hash as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = Self::slot_value(entry, hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_sharing_a_hash_stay_apart() {
        let mut memory = LostMemory::new(3, 1 << 20);
        // Every position gets the same hash: only the bits tell them apart.
        let key = |i: u64| [i, !i, i.rotate_left(7)];
        for i in 0..2000 {
            memory.insert(42, &key(2 * i));
        }
        assert_eq!(memory.len(), 2000);
        for i in 0..2000 {
            assert!(memory.contains(42, &key(2 * i)));
            assert!(!memory.contains(42, &key(2 * i + 1)), "{i}");
        }
        // The same position twice is remembered once.
        memory.insert(42, &key(0));
        assert_eq!(memory.len(), 2000);
    }

    #[test]
    fn growing_keeps_every_position() {
        let mut memory = LostMemory::new(1, 1 << 24);
        let hash = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..100_000 {
            memory.insert(hash(i), &[i]);
        }
        assert!((0..100_000).all(|i| memory.contains(hash(i), &[i])));
        assert!(!memory.contains(hash(100_000), &[100_000]));
    }

    #[test]
    fn a_full_memory_forgets_nothing_and_takes_nothing_more() {
        // Room for about 100 entries of two words.
        let mut memory = LostMemory::new(2, 100 * (16 + 8 + 32));
        for i in 0..1000u64 {
            memory.insert(i, &[i, i]);
        }
        assert_eq!(memory.len(), 100);
        assert!((0..100).all(|i| memory.contains(i, &[i, i])));
        assert!(!memory.contains(500, &[500, 500]));
    }
}
