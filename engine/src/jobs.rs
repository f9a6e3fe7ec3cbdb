//! The promise-job queue: a FIFO of microtasks that drops jobs enqueued while speculating.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use boa_engine::job::{Job, JobExecutor, PromiseJob};
use boa_engine::{Context, JsResult};

/// Microtask queue of one run; timers live in the JS host prelude.
#[derive(Default)]
pub(crate) struct Jobs {
    queue: RefCell<VecDeque<PromiseJob>>,
    /// While true, new jobs are discarded (their effects are undone with the speculation).
    pub speculating: Cell<bool>,
}

impl Jobs {
    /// True if no microtask is queued.
    pub fn is_empty(&self) -> bool {
        self.queue.borrow().is_empty()
    }
}

impl JobExecutor for Jobs {
    fn enqueue_job(self: Rc<Self>, job: Job, _context: &mut Context) {
        if self.speculating.get() {
            return;
        }
        if let Job::PromiseJob(p) = job {
            self.queue.borrow_mut().push_back(p);
        }
    }

    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        loop {
            let job = self.queue.borrow_mut().pop_front();
            match job {
                Some(job) => {
                    job.call(context)?;
                }
                None => return Ok(()),
            }
        }
    }
}
