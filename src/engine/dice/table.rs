//! A bounded hash table for the dice search: 64-bit keys, emptied at once
//! by a new stamp, grown as needed up to a stated limit.

/// A hash map from 64-bit keys to 32-bit values, emptied at once by a new
/// stamp, and grown as needed up to the limit each insertion states. It
/// keeps its size from roll to roll, so a search allocates nothing once
/// the tables have grown to the game's needs.
pub(super) struct Table {
    keys: Vec<u64>,
    values: Vec<u32>,
    stamps: Vec<u32>,
    stamp: u32,
    len: usize,
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

/// The slots of a table when first used.
const FIRST_SLOTS: usize = 1 << 12;

impl Table {
    pub(super) const fn new() -> Table {
        Table {
            keys: Vec::new(),
            values: Vec::new(),
            stamps: Vec::new(),
            stamp: 0,
            len: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        if self.keys.is_empty() {
            self.keys = vec![0; FIRST_SLOTS];
            self.values = vec![0; FIRST_SLOTS];
            self.stamps = vec![0; FIRST_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The slot of `key`, or the empty slot where it would go.
    #[inline]
    pub(super) fn slot(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (key ^ key >> 32) as usize & mask;
        while self.stamps[i] == self.stamp && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Looks `key` up; if it is new and fewer than `limit` keys are held,
    /// notes it with `value`.
    #[inline]
    pub(super) fn entry(&mut self, key: u64, value: u32, limit: usize) -> Entry {
        let mut i = self.slot(key);
        if self.stamps[i] == self.stamp {
            return Entry::Found(self.values[i]);
        }
        if self.len >= limit {
            return Entry::Full;
        }
        // At most half full, so that probes stay short.
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
            i = self.slot(key);
        }
        self.stamps[i] = self.stamp;
        self.keys[i] = key;
        self.values[i] = value;
        self.len += 1;
        Entry::Added
    }

    pub(super) fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![0; slots]);
        let values = std::mem::replace(&mut self.values, vec![0; slots]);
        let stamps = std::mem::replace(&mut self.stamps, vec![0; slots]);
        for ((key, value), stamp) in keys.into_iter().zip(values).zip(stamps) {
            if stamp == self.stamp {
                let i = self.slot(key);
                self.stamps[i] = stamp;
                self.keys[i] = key;
                self.values[i] = value;
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
