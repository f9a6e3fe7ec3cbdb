//! The promise-job queue: a FIFO of microtasks that drops jobs enqueued while speculating (and
//! records that as an effect of the speculated check).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use boa_engine::job::{Job, JobExecutor, NativeAsyncJob, PromiseJob};
use boa_engine::{Context, JsResult};

/// Microtask queue of one run; timers live in the JS host prelude.
#[derive(Default)]
pub(crate) struct Jobs {
    queue: RefCell<VecDeque<PromiseJob>>,
    /// Native async jobs (module loading, dynamic `import()`); their futures finish without waiting.
    async_queue: RefCell<VecDeque<NativeAsyncJob>>,
    /// While true, new jobs are discarded (their effects are undone with the speculation).
    pub speculating: Cell<bool>,
}

impl Jobs {
    /// True if no microtask is queued.
    pub fn is_empty(&self) -> bool {
        self.queue.borrow().is_empty() && self.async_queue.borrow().is_empty()
    }
}

impl JobExecutor for Jobs {
    fn enqueue_job(self: Rc<Self>, job: Job, context: &mut Context) {
        if self.speculating.get() {
            // dropped, and its decision excluded: the reordered program would run it
            if let Some(s) = context.get_data::<Rc<crate::state::Shared>>() {
                s.rt.borrow_mut()
                    .note_spec_effect("queues a promise job (then/await)");
            }
            return;
        }
        match job {
            Job::PromiseJob(p) => self.queue.borrow_mut().push_back(p),
            Job::AsyncJob(a) => self.async_queue.borrow_mut().push_back(a),
            _ => {}
        }
    }

    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        loop {
            let job = self.queue.borrow_mut().pop_front();
            if let Some(job) = job {
                job.call(context)?;
                continue;
            }
            let job = self.async_queue.borrow_mut().pop_front();
            match job {
                Some(job) => {
                    let cell = RefCell::new(&mut *context);
                    block_on(job.call(&cell))?;
                }
                None => return Ok(()),
            }
        }
    }
}

/// Polls a future that never waits on I/O (our module loader answers at once) to completion.
fn block_on<F: std::future::Future + Unpin>(mut fut: F) -> F::Output {
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = std::pin::Pin::new(&mut fut).poll(&mut cx) {
            return v;
        }
    }
}
