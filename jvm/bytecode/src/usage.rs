//! Running a child process and reading what it cost: wall time, CPU time of all its threads and
//! its peak resident set, from the kernel's accounting of that one child (`wait4`).

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a measured child ended and what it cost.
#[derive(Debug)]
pub struct Measured {
    /// Its exit status.
    pub status: ExitStatus,
    /// Captured stdout (empty unless capturing).
    pub stdout: Vec<u8>,
    /// Captured stderr (empty unless capturing).
    pub stderr: Vec<u8>,
    /// Wall time from start to exit.
    pub wall: Duration,
    /// User + system CPU time of the child, where the platform tells it.
    pub cpu: Option<Duration>,
    /// Peak resident set of the child in bytes, where the platform tells it.
    pub max_rss: Option<u64>,
}

/// Runs `cmd` to its end, capturing stdout and stderr when `capture`, else inheriting them.
pub fn run_measured(cmd: &mut Command, capture: bool) -> std::io::Result<Measured> {
    if capture {
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    }
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let out = child.stdout.take().map(drain);
    let err = child.stderr.take().map(drain);
    let (status, cpu, max_rss) = wait_with_usage(&mut child)?;
    let wall = start.elapsed();
    let join = |h: Option<std::thread::JoinHandle<Vec<u8>>>| {
        h.map(|h| h.join().unwrap_or_default()).unwrap_or_default()
    };
    Ok(Measured {
        status,
        stdout: join(out),
        stderr: join(err),
        wall,
        cpu,
        max_rss,
    })
}

fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        buf
    })
}

#[cfg(unix)]
fn wait_with_usage(
    child: &mut Child,
) -> std::io::Result<(ExitStatus, Option<Duration>, Option<u64>)> {
    use std::os::unix::process::ExitStatusExt;
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is our own unreaped child; both pointers are valid for the call.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, (t.tv_usec as u32) * 1000);
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    // Linux reports ru_maxrss in KiB.
    let rss = u64::try_from(usage.ru_maxrss).ok().map(|k| k * 1024);
    Ok((ExitStatus::from_raw(status), Some(cpu), rss))
}

#[cfg(not(unix))]
fn wait_with_usage(
    child: &mut Child,
) -> std::io::Result<(ExitStatus, Option<Duration>, Option<u64>)> {
    Ok((child.wait()?, None, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_output_and_usage_come_back() {
        // a shell that prints and exits 3: status, output and some CPU accounting come back
        let m = run_measured(
            Command::new("sh").args(["-c", "echo hi; echo err >&2; exit 3"]),
            true,
        )
        .expect("sh runs");
        assert_eq!(m.status.code(), Some(3));
        assert_eq!(m.stdout, b"hi\n");
        assert_eq!(m.stderr, b"err\n");
        assert!(m.max_rss.is_some_and(|r| r > 0));
        assert!(m.cpu.is_some());
    }
}
