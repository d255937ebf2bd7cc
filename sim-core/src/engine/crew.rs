//! A crew of helper threads that share out the components of a step with the engine's
//! own thread, with far less hand-over cost per step than a thread pool's fork and join.
//!
//! A timing-mode step holds tens of components, each run taking a microsecond or two, and
//! a kernel takes tens of thousands of steps. Handing each step to a thread pool (waking
//! a sleeping worker, a job on its queue, a join) costs about as much as the step's work,
//! so two threads gained little. Here the helpers stay awake while steps come: each runs
//! on one of the pool's threads (a job spawned once), watches a few atomic words and
//! claims the step's components from them one at a time, as the engine's thread does;
//! when no step has come for a while it leaves, freeing its thread for other work. The
//! components are split into one group per thread, the same components in the same
//! group every step, and each thread takes its own group's first and then helps with
//! the others': a component mostly runs on the same core, whose caches keep its state.
//!
//! Which thread runs a component never matters for the results: each run touches only
//! that component's own slot and what its thread owns alone (see [`super::Engine::step`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Steps of at most this many components are shared out (the claims' count fields).
pub(crate) const MOST_ITEMS: usize = 0x7fff;

/// The most threads a crew has, the engine's included: a timing step holds tens of
/// components and is shared only from 8 on, so more threads would mostly spin (measured
/// only on 2 cores).
const MOST_THREADS: usize = 8;

/// How long a helper waits for the next step before it leaves (a kernel's steps come
/// microseconds apart; between kernels the host does its own work).
const IDLE: Duration = Duration::from_micros(200);

/// One group of the step being shared out, in one word, so that a claim sees a
/// consistent state: its first item (bits 32–47), its number of items (bits 16–31) and
/// the next one to claim (bits 0–15; a thread claims past the last only when another
/// took it between its look and its claim, so this never reaches bit 16).
#[derive(Clone, Copy)]
struct Claim(u64);

impl Claim {
    fn new(first: usize, items: usize) -> Self {
        Claim(((first as u64) << 32) | ((items as u64) << 16))
    }
    fn first(self) -> usize {
        (self.0 >> 32) as usize
    }
    fn items(self) -> usize {
        ((self.0 >> 16) & 0xffff) as usize
    }
    fn next(self) -> usize {
        (self.0 & 0xffff) as usize
    }
}

/// A group's claim word, alone in its cache lines (128 bytes: x86 cores fetch lines in
/// pairs).
#[repr(align(128))]
#[derive(Default)]
struct ClaimWord(AtomicU64);

/// What the engine's thread and the helpers share: in cache lines of its own (128-byte
/// aligned and sized), as the helpers read it all the time and nothing else should pay
/// for that. What passes between the cores costs dearly on the 2-core virtual machine
/// at times: FIR 1,048,576 samples at 2 threads takes either about 3.2 s or about 8 s
/// (both threads busy throughout), in phases of minutes that come and go whatever the
/// build, while one thread takes 4.2 s and is not slowed by a busy neighbour; one more
/// shared counter written by both threads an item put every run at 9.3 s. So a thread
/// counts the items it ran and adds them to `done` once a step, not once an item
/// (measured in the slow phase, 6 runs in turn: 7.5 s against 8.3 s).
#[repr(align(128))]
struct Shared {
    /// Per thread (0: the engine's), its group of the current step.
    claims: Box<[ClaimWord]>,
    /// The work of the current step: the address of a `&(dyn Fn(usize, usize) + Sync)`
    /// on the engine thread's stack, valid until every item of the step is done.
    work: AtomicUsize,
    /// Items of the current step done.
    done: AtomicUsize,
    /// Per thread: whether its helper is running (or about to; 0, the engine's, unused).
    running: Box<[AtomicBool]>,
    /// A panic of a helper's item, resumed on the engine's thread.
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

/// The helpers of one engine, on `pool`'s threads.
pub(crate) struct Crew {
    pool: Arc<rayon::ThreadPool>,
    shared: Arc<Shared>,
}

impl Crew {
    /// A crew whose helpers run on `pool`'s threads (as many as it has, less the
    /// engine's, up to [`MOST_THREADS`] in all).
    pub(crate) fn new(pool: Arc<rayon::ThreadPool>) -> Self {
        let threads = pool.current_num_threads().clamp(1, MOST_THREADS);
        Crew {
            pool,
            shared: Arc::new(Shared {
                claims: (0..threads).map(|_| ClaimWord::default()).collect(),
                work: AtomicUsize::new(0),
                done: AtomicUsize::new(0),
                running: (0..threads).map(|_| AtomicBool::new(false)).collect(),
                panic: Mutex::new(None),
            }),
        }
    }

    /// The number of threads, and so of groups a step's items are split into.
    pub(crate) fn threads(&self) -> usize {
        self.shared.claims.len()
    }

    /// Runs `work(thread, i)` once for every item `i` of `0..bounds[threads]` (at most
    /// [`MOST_ITEMS`]), on this thread (`thread` 0) and the helpers (each its own
    /// `thread`, never two at once), and returns when all are done. Group `g`, items
    /// `bounds[g]..bounds[g + 1]`, is thread `g`'s. A panic in any of them is resumed
    /// here.
    pub(crate) fn for_each(&mut self, bounds: &[usize], work: &(dyn Fn(usize, usize) + Sync)) {
        let threads = self.threads();
        assert_eq!(bounds.len(), threads + 1, "a group per thread");
        let items = bounds[threads];
        assert!(
            items <= MOST_ITEMS,
            "a step of {items} components is too large to share"
        );
        for helper in 1..threads {
            if !self.shared.running[helper].swap(true, Ordering::AcqRel) {
                let shared = self.shared.clone();
                self.pool.spawn(move || help(&shared, helper));
            }
        }
        let work_ref: &(dyn Fn(usize, usize) + Sync) = work;
        self.shared
            .work
            .store(&work_ref as *const _ as usize, Ordering::Relaxed);
        self.shared.done.store(0, Ordering::Relaxed);
        // Publishes the step: the helpers read `work` only after a claim of this step.
        for (group, word) in self.shared.claims.iter().enumerate() {
            let claim = Claim::new(bounds[group], bounds[group + 1] - bounds[group]);
            word.0.store(claim.0, Ordering::Release);
        }
        let shared = &*self.shared;
        take_all(shared, 0);
        // A helper may have been taken off its core mid-item: spin a little, then let
        // it have one.
        let mut spins = 0u32;
        while shared.done.load(Ordering::Acquire) < items {
            pause(&mut spins);
        }
        if let Some(panic) = shared
            .panic
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            std::panic::resume_unwind(panic);
        }
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        // Groups that no helper will ever claim from: the helpers leave once idle; none
        // can touch a step's work after its step ended.
        for word in self.shared.claims.iter() {
            word.0.store(0, Ordering::Release);
        }
    }
}

/// Claims the next item of a group of the current step, if any is left. (A claim word
/// always holds its group of the current step: only the engine's thread publishes one,
/// once the last step ended.)
fn claim(word: &ClaimWord) -> Option<usize> {
    let seen = Claim(word.0.load(Ordering::Acquire));
    if seen.next() >= seen.items() {
        return None;
    }
    let got = Claim(word.0.fetch_add(1, Ordering::AcqRel));
    (got.next() < got.items()).then_some(got.first() + got.next())
}

/// Takes and runs every item left in the current step, thread `me`'s own group first,
/// and counts them done at the end (one write to the shared count, not one an item);
/// whether there was any.
fn take_all(shared: &Shared, me: usize) -> bool {
    let threads = shared.claims.len();
    let mut ran = 0;
    for group in (me..threads).chain(0..me) {
        while let Some(item) = claim(&shared.claims[group]) {
            // SAFETY: this claim is of the current step, and the engine's thread waits
            // for every claimed item of a step to be done before it ends the step, so
            // the work it published for the step (before the claim words, whose
            // release this claim's acquire reads) is alive and unchanged while the
            // item runs.
            let work = unsafe {
                *(shared.work.load(Ordering::Relaxed) as *const &(dyn Fn(usize, usize) + Sync))
            };
            run(shared, work, me, item);
            ran += 1;
        }
    }
    if ran > 0 {
        shared.done.fetch_add(ran, Ordering::AcqRel);
    }
    ran > 0
}

/// Runs item `item` of the current step on thread `me` (keeping a panic for the
/// engine's thread).
fn run(shared: &Shared, work: &(dyn Fn(usize, usize) + Sync), me: usize, item: usize) {
    let item = std::panic::AssertUnwindSafe(|| work(me, item));
    if let Err(panic) = std::panic::catch_unwind(item) {
        *shared.panic.lock().unwrap_or_else(|e| e.into_inner()) = Some(panic);
    }
}

/// Helper `me`: claims and runs the items of each step until none has come for [`IDLE`].
fn help(shared: &Shared, me: usize) {
    let mut idle_since = Instant::now();
    let mut spins = 0u32;
    loop {
        if take_all(shared, me) {
            idle_since = Instant::now();
        } else if pause(&mut spins) && idle_since.elapsed() > IDLE {
            break;
        }
    }
    shared.running[me].store(false, Ordering::Release);
    // A step published just now still finds its items taken by the engine's thread.
}

/// Waits a moment: spins, and every 1,024th time lets another thread have the core;
/// whether it did.
fn pause(spins: &mut u32) -> bool {
    *spins = spins.wrapping_add(1);
    if spins.is_multiple_of(1024) {
        std::thread::yield_now();
        true
    } else {
        std::hint::spin_loop();
        false
    }
}
