//! The checks in flight: at most `jobs` at once on blocking threads, at most `queue` more waiting,
//! each cancelled when it outlives its time limit. A large request (more than [`LARGE`] bytes)
//! may take all the jobs but one, so that large files never starve the small ones an arbiter
//! sends while a federation's big event is checked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

/// Why a check was not done.
#[derive(Debug)]
pub(crate) enum Refused {
    /// Every job is taken and the queue is full (429).
    Busy,
    /// The check outlived its time limit and was cancelled (503).
    TimedOut(Duration),
    /// The check panicked: a trfcheck bug, reported as such (500).
    Failed,
}

/// A request larger than this is large: about 650 players' TRF (a 200-player event is 40 KB).
pub(crate) const LARGE: usize = 128 * 1024;

pub(crate) struct Gate {
    /// A permit for each check admitted: running or waiting.
    admitted: Arc<Semaphore>,
    /// A permit for each check running.
    running: Arc<Semaphore>,
    /// A permit for each large check running: all the jobs but one (one when there is one job).
    large: Arc<Semaphore>,
}

impl Gate {
    pub fn new(jobs: usize, queue: usize) -> Gate {
        let jobs = jobs.max(1);
        Gate {
            admitted: Arc::new(Semaphore::new(jobs + queue)),
            running: Arc::new(Semaphore::new(jobs)),
            large: Arc::new(Semaphore::new((jobs - 1).max(1))),
        }
    }

    /// Runs `work` on a blocking thread once a job is free; `work` is given a flag that is set when
    /// the time limit passes, and stops at its next step (a check starts no further round). The
    /// permits are held until `work` has really ended, so a cancelled check still counts until it
    /// stops.
    pub async fn run<T: Send + 'static>(
        &self,
        limit: Duration,
        size: usize,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let admitted = Arc::clone(&self.admitted).try_acquire_owned().map_err(|_| Refused::Busy)?;
        let large = match size > LARGE {
            true => Some(Arc::clone(&self.large).acquire_owned().await.map_err(|_| Refused::Busy)?),
            false => None,
        };
        let running = Arc::clone(&self.running).acquire_owned().await.map_err(|_| Refused::Busy)?;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let handle = tokio::task::spawn_blocking(move || {
            let _permits = (admitted, large, running);
            work(&flag)
        });
        match tokio::time::timeout(limit, handle).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) => Err(Refused::Failed),
            Err(_) => {
                cancel.store(true, Ordering::Relaxed);
                Err(Refused::TimedOut(limit))
            }
        }
    }
}
