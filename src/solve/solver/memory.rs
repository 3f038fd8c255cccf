//! The solver's memory of positions proved lost, keyed by the positions
//! themselves, so two positions can never be taken for one another.
//!
//! A position is the set of tiles still on the board: a bit per tile of the
//! board the search started from. The memory keeps those bits for every
//! position it holds, next to a 64-bit hash that only speeds up the look-up;
//! a hash shared by two positions costs a comparison of their bits, never a
//! wrong answer.
//!
//! Once the byte budget is spent, each new position takes the place of the
//! one remembered longest ago. Forgetting costs the search time, never
//! correctness, and a long search keeps learning where it works now: a full
//! memory that took nothing more left the rest of the search with no memory
//! at all, so a 16 x 9 board proved impossible after 2.6 million positions
//! with room to remember them was left unknown after 3.8 million.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// The lost positions of one solve, which both of its searches (see
/// `solver::solve_counted`) read and add to: in parts, each behind a lock
/// of its own and holding the positions whose hashes lead there, so two
/// threads seldom wait for each other.
pub(super) struct SharedMemory {
    parts: Box<[Part]>,
}

/// One part of a [`SharedMemory`], alone on its cache lines: a lock taken
/// by one thread then leaves the lines of the other parts where they are.
#[repr(align(128))]
struct Part(Mutex<LostMemory>);

/// The parts of a [`SharedMemory`].
const PARTS: usize = 16;

impl SharedMemory {
    /// An empty memory for positions of `words` words that grows to at most
    /// about `budget` bytes in all.
    pub(super) fn new(words: usize, budget: usize) -> Self {
        SharedMemory {
            parts: (0..PARTS)
                .map(|_| Part(Mutex::new(LostMemory::new(words, budget / PARTS))))
                .collect(),
        }
    }

    /// The part holding the positions of hash `hash`, chosen by its top
    /// bits (the part's table uses the low ones).
    fn part(&self, hash: u64) -> MutexGuard<'_, LostMemory> {
        // A search that panicked left nothing half done that matters: a
        // position is stored whole or not at all, and the panic goes on.
        self.parts[(hash >> 60) as usize % PARTS]
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the position `key` (whose hash is `hash`) was remembered.
    pub(super) fn contains(&self, hash: u64, key: &[u64]) -> bool {
        self.part(hash).contains(hash, key)
    }

    /// Remembers the position `key` (see [`LostMemory::insert`]).
    pub(super) fn insert(&self, hash: u64, key: &[u64]) {
        self.part(hash).insert(hash, key);
    }
}

/// Positions proved lost: as many as fit in the byte budget, the most recent
/// once it is spent.
struct LostMemory {
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
    /// The entry remembered longest ago, the next to go once the budget is
    /// spent (entries are reused in turn from then on).
    oldest: usize,
}

/// The slots a table starts with: each of the [`PARTS`] of a solve's memory
/// has a table, and most solves (a hint, the check after each match) end
/// after a few hundred positions.
const FIRST_SLOTS: usize = 1 << 6;

impl LostMemory {
    /// An empty memory for positions of `words` words that grows to at most
    /// about `budget` bytes.
    fn new(words: usize, budget: usize) -> Self {
        // An entry costs its words, its hash and at most four slots (the
        // table is grown at half full, so it is at least a quarter full).
        let per_entry = 8 * words + 8 + 4 * 8;
        LostMemory {
            words,
            slots: vec![0; FIRST_SLOTS],
            hashes: Vec::new(),
            keys: Vec::new(),
            limit: (budget / per_entry).min(u32::MAX as usize - 1),
            oldest: 0,
        }
    }

    /// How many positions are remembered.
    #[cfg(test)]
    fn len(&self) -> usize {
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
    fn contains(&self, hash: u64, key: &[u64]) -> bool {
        self.slots[self.find(hash, key)] != 0
    }

    /// Remembers the position `key`; once the budget is spent, in the place
    /// of the position remembered longest ago.
    fn insert(&mut self, hash: u64, key: &[u64]) {
        let slot = self.find(hash, key);
        if self.slots[slot] != 0 {
            return;
        }
        if self.hashes.len() < self.limit {
            self.slots[slot] = Self::slot_value(self.hashes.len(), hash);
            self.hashes.push(hash);
            self.keys.extend_from_slice(key);
            if 2 * self.hashes.len() > self.slots.len() {
                self.grow();
            }
            return;
        }
        if self.hashes.is_empty() {
            // A budget too small for a single position.
            return;
        }
        let entry = self.oldest;
        self.oldest = (entry + 1) % self.hashes.len();
        self.take_out(entry);
        self.hashes[entry] = hash;
        self.keys[entry * self.words..(entry + 1) * self.words].copy_from_slice(key);
        let slot = self.find(hash, key);
        self.slots[slot] = Self::slot_value(entry, hash);
    }

    /// Frees the slot of entry `entry`, moving back the entries after it in
    /// its run that may move, so that every look-up still reaches its entry
    /// without passing a free slot (deletion by backward shift).
    fn take_out(&mut self, entry: usize) {
        let mask = self.slots.len() - 1;
        let home = |entry: usize| self.hashes[entry] as usize & mask;
        let mut hole = home(entry);
        while self.slots[hole] as u32 as usize != entry + 1 {
            debug_assert_ne!(self.slots[hole], 0, "entry {entry} is in the table");
            hole = (hole + 1) & mask;
        }
        let mut next = (hole + 1) & mask;
        while self.slots[next] != 0 {
            let value = self.slots[next];
            // An entry stays where it is when its home lies after the hole,
            // up to its own slot (cyclically): moved back, it would sit
            // before its home, where no look-up starts.
            let from_home = next.wrapping_sub(home((value as u32 - 1) as usize)) & mask;
            let from_hole = next.wrapping_sub(hole) & mask;
            if from_home >= from_hole {
                self.slots[hole] = value;
                hole = next;
            }
            next = (next + 1) & mask;
        }
        self.slots[hole] = 0;
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
    fn a_full_memory_forgets_the_positions_remembered_longest_ago() {
        // Room for about 100 entries of two words.
        let mut memory = LostMemory::new(2, 100 * (16 + 8 + 32));
        for i in 0..1000u64 {
            memory.insert(i, &[i, i]);
            assert!(memory.contains(i, &[i, i]), "{i}");
        }
        assert_eq!(memory.len(), 100);
        assert!((900..1000).all(|i| memory.contains(i, &[i, i])));
        assert!(!(0..900).any(|i| memory.contains(i, &[i, i])));
    }

    /// The memory against a model (the positions held, oldest first) over
    /// random inserts and look-ups, with few hashes so that runs are long
    /// and every kind of move back in a run happens when an entry goes.
    #[test]
    fn a_full_memory_holds_exactly_the_latest_positions() {
        use rand::{RngExt, SeedableRng};
        use std::collections::VecDeque;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
        for hashes in [1u64, 3, 17, 1 << 40] {
            let mut memory = LostMemory::new(1, 37 * (8 + 8 + 32));
            let mut model: VecDeque<u64> = VecDeque::new();
            for _ in 0..5000 {
                let key = rng.random_range(0..120u64);
                let hash = |k: u64| (k % hashes).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                if rng.random_bool(0.5) {
                    memory.insert(hash(key), &[key]);
                    if !model.contains(&key) {
                        if model.len() == 37 {
                            model.pop_front();
                        }
                        model.push_back(key);
                    }
                }
                for k in 0..120 {
                    assert_eq!(memory.contains(hash(k), &[k]), model.contains(&k), "{k}");
                }
            }
            assert_eq!(memory.len(), 37);
        }
    }
}
