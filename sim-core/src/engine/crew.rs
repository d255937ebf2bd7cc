//! A crew of helper threads that share out the components of a step with the engine's
//! own thread, with far less hand-over cost per step than a thread pool's fork and join.
//!
//! A timing-mode step holds tens of components, each run taking a microsecond or two, and
//! a kernel takes tens of thousands of steps. Handing each step to a thread pool (waking
//! a sleeping worker, a job on its queue, a join) costs about as much as the step's work,
//! so two threads gained little. Here the helpers stay awake while steps come: each runs
//! on one of the pool's threads (a job it spawns once), watches one atomic word and
//! claims the step's components from it one at a time, as the engine's thread does; when
//! no step has come for a while it leaves, freeing its thread for other work.
//!
//! Which thread runs a component never matters: each run touches only that component's
//! own slot, and the engine schedules what the runs created in component order after the
//! step (see [`super::Engine::step`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Steps of at most this many components are shared out (the claims' count fields).
pub(crate) const MOST_ITEMS: usize = 0x7fff;

/// How long a helper waits for the next step before it leaves (a kernel's steps come
/// microseconds apart; between kernels the host does its own work).
const IDLE: Duration = Duration::from_micros(200);

/// The step being shared out, in one word, so that a claim sees a consistent state: its
/// number of items (bits 16–31) and the next item to claim (bits 0–15; each thread
/// claims at most once past the last item, so it never reaches bit 16).
#[derive(Clone, Copy)]
struct Claim(u64);

impl Claim {
    fn new(items: usize) -> Self {
        Claim((items as u64) << 16)
    }
    fn items(self) -> usize {
        ((self.0 >> 16) & 0xffff) as usize
    }
    fn next(self) -> usize {
        (self.0 & 0xffff) as usize
    }
}

/// What the engine's thread and the helpers share.
struct Shared {
    claim: AtomicU64,
    /// The work of the current step: the address of a `&(dyn Fn(usize) + Sync)` on the
    /// engine thread's stack, valid until every item of the step is done.
    work: AtomicUsize,
    /// Items of the current step done.
    done: AtomicUsize,
    /// Helpers running.
    helpers: AtomicUsize,
    /// A panic of a helper's item, resumed on the engine's thread.
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

/// The helpers of one engine, on `pool`'s threads.
pub(crate) struct Crew {
    pool: Arc<rayon::ThreadPool>,
    shared: Arc<Shared>,
}

impl Crew {
    /// A crew whose helpers run on `pool`'s threads (as many as it has, less the engine's).
    pub(crate) fn new(pool: Arc<rayon::ThreadPool>) -> Self {
        Crew {
            pool,
            shared: Arc::new(Shared {
                claim: AtomicU64::new(0),
                work: AtomicUsize::new(0),
                done: AtomicUsize::new(0),
                helpers: AtomicUsize::new(0),
                panic: Mutex::new(None),
            }),
        }
    }

    /// Runs `work(i)` once for every `i` in `0..items` (at most [`MOST_ITEMS`]), on this
    /// thread and the helpers, and returns when all are done. A panic in any of them is
    /// resumed here.
    pub(crate) fn for_each(&mut self, items: usize, work: &(dyn Fn(usize) + Sync)) {
        assert!(
            items <= MOST_ITEMS,
            "a step of {items} components is too large to share"
        );
        let wanted = self.pool.current_num_threads().saturating_sub(1);
        while self.shared.helpers.load(Ordering::Acquire) < wanted {
            self.shared.helpers.fetch_add(1, Ordering::AcqRel);
            let shared = self.shared.clone();
            self.pool.spawn(move || help(&shared));
        }
        let work_ref: &(dyn Fn(usize) + Sync) = work;
        self.shared
            .work
            .store(&work_ref as *const _ as usize, Ordering::Relaxed);
        self.shared.done.store(0, Ordering::Relaxed);
        // Publishes the step: the helpers read `work` only after a claim of this step.
        self.shared
            .claim
            .store(Claim::new(items).0, Ordering::Release);
        let shared = &*self.shared;
        while let Some(item) = claim(shared) {
            run(shared, work, item);
        }
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
        // A step that no helper will ever claim from: the helpers leave once idle; none
        // can touch a step's work after its step ended.
        self.shared.claim.store(0, Ordering::Release);
    }
}

/// Claims the next item of the current step, if any is left. (The claim word always
/// holds the current step: only the engine's thread publishes one, once the last ended.)
fn claim(shared: &Shared) -> Option<usize> {
    let got = Claim(shared.claim.fetch_add(1, Ordering::AcqRel));
    (got.next() < got.items()).then_some(got.next())
}

/// Runs item `item` of the current step and counts it done (keeping a panic for the
/// engine's thread).
fn run(shared: &Shared, work: &(dyn Fn(usize) + Sync), item: usize) {
    if let Err(panic) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(item))) {
        *shared.panic.lock().unwrap_or_else(|e| e.into_inner()) = Some(panic);
    }
    shared.done.fetch_add(1, Ordering::AcqRel);
}

/// A helper: claims and runs the items of each step until none has come for [`IDLE`].
fn help(shared: &Shared) {
    let mut idle_since = Instant::now();
    let mut spins = 0u32;
    loop {
        let now = Claim(shared.claim.load(Ordering::Acquire));
        if now.next() >= now.items() {
            if pause(&mut spins) && idle_since.elapsed() > IDLE {
                break;
            }
            continue;
        }
        while let Some(item) = claim(shared) {
            // SAFETY: this claim is of the current step, and the engine's thread waits
            // for every claimed item of a step to be done before it ends the step, so
            // the work it published for the step (before the claim word, whose release
            // this claim's acquire reads) is alive and unchanged while the item runs.
            let work =
                unsafe { *(shared.work.load(Ordering::Relaxed) as *const &(dyn Fn(usize) + Sync)) };
            run(shared, work, item);
        }
        idle_since = Instant::now();
    }
    shared.helpers.fetch_sub(1, Ordering::AcqRel);
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
