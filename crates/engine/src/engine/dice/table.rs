//! A bounded hash table for the dice search: 64-bit keys, emptied at once
//! by a new stamp, grown as needed up to a stated limit.

/// A hash map from 64-bit keys to 32-bit values, emptied at once by a new
/// stamp, and grown as needed up to the limit each insertion states. It
/// keeps its size from roll to roll, so a search allocates nothing once
/// the tables have grown to the game's needs.
pub(super) struct Table {
    /// Key, value and stamp side by side: a probe reads one cache line.
    slots: Vec<Slot>,
    stamp: u32,
    len: usize,
    /// The keys that may be held before [`Table::entry`] looks at the
    /// limit and the size: at most the limit of this stamp's insertions,
    /// and half the slots (0 after a clear).
    room: usize,
}

/// One slot of a [`Table`]: in use when its stamp is the table's.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    value: u32,
    stamp: u32,
}

/// What [`Table::entry`] found.
pub(super) enum Entry {
    /// The key was there, with this value.
    Found(u32),
    /// The key is new, and now noted.
    Added,
    /// The key is new, and the table holds as many keys as allowed.
    Full,
}

/// The slots of a table when first used: small (4 KiB), so that the two
/// tables of a thread's search stay in its core's first-level cache for
/// the usual roll; a roll that needs more grows them once.
const FIRST_SLOTS: usize = 1 << 8;

impl Table {
    pub(super) const fn new() -> Table {
        Table {
            slots: Vec::new(),
            stamp: 0,
            len: 0,
            room: 0,
        }
    }

    /// The entries added since the table was last emptied.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); FIRST_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
        self.len = 0;
        self.room = 0;
    }

    /// The slot of `key`, or the empty slot where it would go.
    #[inline(always)]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        // The keys are hashes already: their low bits place them.
        let mut i = key as usize & mask;
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp || s.key == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Looks `key` up; if it is new and fewer than `limit` keys are held,
    /// notes it with `value`. Every insertion between two clears states
    /// the same limit.
    #[inline(always)]
    pub(super) fn entry(&mut self, key: u64, value: u32, limit: usize) -> Entry {
        let mut i = self.slot(key);
        let s = &self.slots[i];
        if s.stamp == self.stamp {
            return Entry::Found(s.value);
        }
        if self.len >= self.room {
            if self.len >= limit {
                return Entry::Full;
            }
            // At most half full, so that probes stay short.
            if 2 * (self.len + 1) > self.slots.len() {
                self.grow();
                i = self.slot(key);
            }
            self.room = limit.min(self.slots.len() / 2);
        }
        debug_assert!(self.len < limit && 2 * (self.len + 1) <= self.slots.len());
        self.slots[i] = Slot {
            key,
            value,
            stamp: self.stamp,
        };
        self.len += 1;
        Entry::Added
    }

    #[cold]
    fn grow(&mut self) {
        let slots = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); slots]);
        for s in old {
            if s.stamp == self.stamp {
                let i = self.slot(s.key);
                self.slots[i] = s;
            }
        }
    }
}

/// A hash of a multiset of dice, whatever their order.
pub(super) fn dice_signature(dice: &[u8]) -> u64 {
    dice.iter().fold(0u64, |h, &d| {
        let mut seed = u64::from(d);
        h.wrapping_add(crate::engine::splitmix(&mut seed))
    })
}

#[cfg(test)]
mod tests {
    use super::{Entry, FIRST_SLOTS, Table};

    /// Growing the table (past its first slots) and clearing it by a new
    /// stamp keep every key with its value, and forget them all at once.
    #[test]
    fn table_keeps_every_key_across_growth_and_clears_by_stamp() {
        let mut t = Table::new();
        t.clear();
        let keys = (0..4 * FIRST_SLOTS as u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        for (i, k) in keys.clone().enumerate() {
            assert!(matches!(t.entry(k, i as u32, usize::MAX), Entry::Added));
        }
        for (i, k) in keys.clone().enumerate() {
            assert!(matches!(t.entry(k, 0, usize::MAX), Entry::Found(v) if v == i as u32));
        }
        t.clear();
        assert!(matches!(t.entry(7, 1, 1), Entry::Added));
        assert!(matches!(t.entry(8, 1, 1), Entry::Full));
        assert!(matches!(t.entry(7, 2, 1), Entry::Found(1)));
    }
}
