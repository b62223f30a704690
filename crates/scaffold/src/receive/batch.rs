//! A contest arrives as one document per problem: `size` POSTs that share a batch `id` (the
//! extension sends them one after another as soon as it has parsed every page). [`Batches`]
//! gathers them and hands over the whole contest once its last problem is in; a problem alone
//! is a batch of one and is whole at once.
//!
//! It keeps at most `max_pending` partial batches (a new one beyond that pushes out the one
//! that has waited longest) and gives up on a batch whose next problem has not come within
//! `timeout`: both are handed back as [`Incomplete`], to be reported, never kept forever. So
//! it holds at most `max_pending` batches of at most their `size` items each.

use std::time::{Duration, Instant};

/// How many contests may be partly received at once by default.
pub const DEFAULT_MAX_PENDING: usize = 16;

/// How long a contest may wait for its next problem by default. The extension posts a
/// contest's problems back to back (each post waits at most its 500 ms request timeout), so
/// two minutes without one means it will not come.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// Problems gathered by batch id until each batch is whole.
#[derive(Debug)]
pub struct Batches<T> {
    /// Partial batches, oldest arrival first (few: a linear search is the fastest).
    pending: Vec<Pending<T>>,
    max_pending: usize,
    timeout: Duration,
}

#[derive(Debug)]
struct Pending<T> {
    id: String,
    size: usize,
    items: Vec<T>,
    /// When its last item came.
    last: Instant,
}

/// What [`Batches::add`] did with an item.
#[derive(Debug)]
pub struct Added<T> {
    /// The whole batch, items in arrival order, if this item completed it.
    pub complete: Option<Vec<T>>,
    /// How many items of the batch have come (this one included).
    pub have: usize,
    /// How many the batch has.
    pub size: usize,
    /// A partial batch pushed out to make room for this item's batch, to report.
    pub evicted: Option<Incomplete<T>>,
}

/// A batch given up on, with the items that came.
#[derive(Debug)]
pub struct Incomplete<T> {
    /// The batch's id.
    pub id: String,
    /// How many items it should have had.
    pub size: usize,
    /// The items that came, in arrival order.
    pub items: Vec<T>,
    /// Why it was given up on.
    pub why: GaveUp,
}

/// Why a batch was given up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GaveUp {
    /// Its next item did not come within the timeout.
    TimedOut,
    /// Too many batches were partial; it had waited longest.
    Evicted,
}

impl<T> Default for Batches<T> {
    fn default() -> Batches<T> {
        Batches::new(DEFAULT_MAX_PENDING, DEFAULT_TIMEOUT)
    }
}

impl<T> Batches<T> {
    /// Keeps at most `max_pending` (at least 1) partial batches, each waiting at most
    /// `timeout` for its next item.
    pub fn new(max_pending: usize, timeout: Duration) -> Batches<T> {
        Batches { pending: Vec::new(), max_pending: max_pending.max(1), timeout }
    }

    /// Adds `item` of the batch `id` of `size` items, arrived at `now`.
    ///
    /// # Errors
    /// A `size` of 0, or one that differs from what earlier items of the batch said (the item
    /// is then not added).
    pub fn add(
        &mut self,
        id: &str,
        size: usize,
        item: T,
        now: Instant,
    ) -> Result<Added<T>, String> {
        if size == 0 {
            return Err("a batch of 0 problems".to_string());
        }
        if let Some(i) = self.pending.iter().position(|p| p.id == id) {
            let pending = &mut self.pending[i];
            if pending.size != size {
                return Err(format!(
                    "this problem says its contest has {size} problems, the earlier ones said {}",
                    pending.size
                ));
            }
            pending.items.push(item);
            pending.last = now;
            let have = pending.items.len();
            // Still in arrival order: the most recently heard-from batch goes last.
            let pending = self.pending.remove(i);
            if have >= size {
                return Ok(Added { complete: Some(pending.items), have, size, evicted: None });
            }
            self.pending.push(pending);
            return Ok(Added { complete: None, have, size, evicted: None });
        }
        if size == 1 {
            return Ok(Added { complete: Some(vec![item]), have: 1, size, evicted: None });
        }
        let evicted = if self.pending.len() >= self.max_pending {
            let oldest = self.pending.remove(0);
            Some(Incomplete {
                id: oldest.id,
                size: oldest.size,
                items: oldest.items,
                why: GaveUp::Evicted,
            })
        } else {
            None
        };
        self.pending.push(Pending { id: id.to_string(), size, items: vec![item], last: now });
        Ok(Added { complete: None, have: 1, size, evicted })
    }

    /// Takes out every batch whose last item came more than the timeout before `now`.
    pub fn expire(&mut self, now: Instant) -> Vec<Incomplete<T>> {
        let timeout = self.timeout;
        let (expired, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|p| now.saturating_duration_since(p.last) > timeout);
        self.pending = kept;
        expired
            .into_iter()
            .map(|p| Incomplete { id: p.id, size: p.size, items: p.items, why: GaveUp::TimedOut })
            .collect()
    }

    /// When the next batch times out, if any is partial (to sleep until then).
    pub fn next_deadline(&self) -> Option<Instant> {
        self.pending.iter().map(|p| p.last + self.timeout).min()
    }

    /// How many batches are partial.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }
}

#[cfg(test)]
mod tests {
    use super::{Batches, GaveUp};
    use std::time::{Duration, Instant};

    #[test]
    fn a_contest_is_whole_when_its_last_problem_comes() {
        let mut batches = Batches::default();
        let t0 = Instant::now();
        for (i, name) in ["a", "b", "c", "d", "e", "f"].iter().enumerate() {
            let added = batches.add("abc300", 7, *name, t0).unwrap();
            assert!(added.complete.is_none());
            assert_eq!((added.have, added.size), (i + 1, 7));
        }
        // Another contest and a single problem in between change nothing.
        assert!(batches.add("arc150", 2, "x", t0).unwrap().complete.is_none());
        assert_eq!(batches.add("one", 1, "solo", t0).unwrap().complete, Some(vec!["solo"]));
        let added = batches.add("abc300", 7, "g", t0).unwrap();
        assert_eq!(added.complete, Some(vec!["a", "b", "c", "d", "e", "f", "g"]));
        assert_eq!(batches.pending(), 1);
        assert_eq!(batches.add("arc150", 2, "y", t0).unwrap().complete, Some(vec!["x", "y"]));
        assert_eq!(batches.pending(), 0);
    }

    #[test]
    fn a_size_that_changes_is_refused() {
        let mut batches = Batches::default();
        let t0 = Instant::now();
        batches.add("c", 3, 1, t0).unwrap();
        let error = batches.add("c", 4, 2, t0).unwrap_err();
        assert_eq!(error, "this problem says its contest has 4 problems, the earlier ones said 3");
        assert_eq!(batches.add("c", 0, 2, t0).unwrap_err(), "a batch of 0 problems");
        assert_eq!(batches.add("c", 3, 2, t0).unwrap().have, 2);
    }

    #[test]
    fn a_batch_that_stops_arriving_is_given_up() {
        let mut batches = Batches::new(4, Duration::from_secs(120));
        let t0 = Instant::now();
        batches.add("late", 3, 1, t0).unwrap();
        batches.add("late", 3, 2, t0 + Duration::from_secs(60)).unwrap();
        batches.add("fresh", 2, 9, t0 + Duration::from_secs(150)).unwrap();
        assert_eq!(batches.next_deadline(), Some(t0 + Duration::from_secs(180)));
        assert!(batches.expire(t0 + Duration::from_secs(180)).is_empty());
        let expired = batches.expire(t0 + Duration::from_secs(181));
        assert_eq!(expired.len(), 1);
        assert_eq!((expired[0].id.as_str(), expired[0].size), ("late", 3));
        assert_eq!((expired[0].items.clone(), expired[0].why), (vec![1, 2], GaveUp::TimedOut));
        assert_eq!(batches.pending(), 1);
        assert_eq!(batches.expire(t0 + Duration::from_secs(271)).len(), 1);
        assert_eq!(batches.next_deadline(), None);
    }

    #[test]
    fn partial_batches_are_bounded() {
        let mut batches = Batches::new(2, Duration::from_secs(120));
        let t0 = Instant::now();
        assert!(batches.add("a", 5, 1, t0).unwrap().evicted.is_none());
        assert!(batches.add("b", 5, 2, t0).unwrap().evicted.is_none());
        // "a" was heard from last: "b" has waited longest.
        batches.add("a", 5, 3, t0).unwrap();
        let evicted = batches.add("c", 5, 4, t0).unwrap().evicted.expect("one pushed out");
        assert_eq!(
            (evicted.id.as_str(), evicted.items, evicted.why),
            ("b", vec![2], GaveUp::Evicted)
        );
        assert_eq!(batches.pending(), 2);
        assert_eq!(batches.add("a", 5, 5, t0).unwrap().have, 3);
    }
}
