//! Scripts instrumented as node loads them: a loopback server in this process answers the
//! runner's requests, one line each way, one thread per connection (one per node thread that
//! loads code), for as long as the run lasts. The runner's main thread, which loads nearly every
//! script, asks through a pair of named pipes instead where there are any (Unix): it writes and
//! reads them itself, while a connection goes through a worker thread of its own, a round trip
//! several times as long. The project's scripts are prepared by [`crate::lazy`], dependencies
//! instrumented for write logging by [`instrument::serve`].

use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::lazy::Shared;

/// The server of one run; dropping it stops it.
pub struct DependencyServer {
    /// The loopback port node connects to.
    pub port: u16,
    /// The named pipes the runner's main thread asks through: requests, answers.
    pub pipes: Option<(PathBuf, PathBuf)>,
    stop: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl DependencyServer {
    /// Starts a server on a free loopback port, and on a pair of named pipes made in `dir` where
    /// the system has them, preparing the project's scripts from `lazy`.
    pub fn start(lazy: Option<Shared>, dir: &Path) -> std::io::Result<DependencyServer> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let port = listener.local_addr()?.port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let pipes = pipes::serve(dir, lazy.clone());
        let acceptor = std::thread::Builder::new()
            .name("decisionprof-deps".into())
            .spawn(move || accept(listener, &stopping, lazy))?;
        Ok(DependencyServer {
            port,
            pipes,
            stop,
            acceptor: Some(acceptor),
        })
    }
}

/// Serves each connection on a thread of its own until `stop` is set.
fn accept(listener: TcpListener, stop: &AtomicBool, lazy: Option<Shared>) {
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else { continue };
        // one short line each way per file: without this, Nagle's algorithm and delayed
        // acknowledgements hold every answer back for tens of milliseconds
        let _ = stream.set_nodelay(true);
        let lazy = lazy.clone();
        let _ = std::thread::Builder::new()
            .name("decisionprof-deps-conn".into())
            .spawn(move || {
                if let Ok(read) = stream.try_clone() {
                    let _ = serve(BufReader::new(read), &stream, lazy.as_ref());
                }
                let _ = stream.shutdown(Shutdown::Both);
            });
    }
}

/// Answers each request line of `input` on `output` until `input` ends.
fn serve(
    input: impl BufRead,
    mut output: impl Write,
    lazy: Option<&Shared>,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let ours = lazy.and_then(|l| {
            let request: serde_json::Value = serde_json::from_str(&line).ok()?;
            let mut store = l.lock().unwrap_or_else(|e| e.into_inner());
            Some(match store.answer(&request) {
                Some(a) => a,
                None => store.dependency(request),
            })
        });
        let answer = ours.unwrap_or_else(|| instrument::serve::answer(&line));
        // one write: a value written as it is formatted goes out piece by piece, a packet each
        let mut text = answer.to_string();
        text.push('\n');
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
    Ok(())
}

impl Drop for DependencyServer {
    fn drop(&mut self) {
        if let Some((requests, _)) = &self.pipes {
            pipes::release(requests);
        }
        self.stop.store(true, Ordering::SeqCst);
        // wake the acceptor so that it sees the flag
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(a) = self.acceptor.take() {
            let _ = a.join();
        }
    }
}

/// The named pipes of the main thread's requests (Unix only).
#[cfg(unix)]
mod pipes {
    use std::ffi::CString;
    use std::fs::{File, OpenOptions};
    use std::io::{BufRead, BufReader};
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::{Path, PathBuf};

    use crate::lazy::Shared;

    /// Makes the pipes `requests` and `answers` in `dir` and serves them on a thread of their
    /// own: the pipes' paths, or `None` when they cannot be made (node then asks over the
    /// loopback connection).
    pub(super) fn serve(dir: &Path, lazy: Option<Shared>) -> Option<(PathBuf, PathBuf)> {
        let (requests, answers) = (dir.join("requests.pipe"), dir.join("answers.pipe"));
        make_fifo(&requests).ok()?;
        make_fifo(&answers).ok()?;
        let (r, a) = (requests.clone(), answers.clone());
        std::thread::Builder::new()
            .name("decisionprof-pipes".into())
            .spawn(move || {
                // each open waits for node to open the other end; node opens the answers' pipe
                // once it has written its first request, so a runner that never asks (or
                // `release`) leaves it unopened
                let Ok(input) = File::open(&r) else { return };
                let mut input = BufReader::new(input);
                if input.fill_buf().map_or(true, |b| b.is_empty()) {
                    return;
                }
                let Ok(output) = OpenOptions::new().write(true).open(&a) else {
                    return;
                };
                let _ = super::serve(input, &output, lazy.as_ref());
            })
            .ok()?;
        Some((requests, answers))
    }

    /// Lets the pipes' thread end when node never opened them: opens the requests' pipe without
    /// waiting and closes it, so that the thread's open returns and its first read sees the end.
    pub(super) fn release(requests: &Path) {
        let w = OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(requests);
        drop(w);
    }

    fn make_fifo(path: &Path) -> std::io::Result<()> {
        let c = CString::new(path.as_os_str().as_bytes())
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        // SAFETY: `c` is a NUL-terminated path that outlives the call; mkfifo keeps no pointer.
        match unsafe { libc::mkfifo(c.as_ptr(), 0o600) } {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        }
    }
}

/// No named pipes: node asks over the loopback connection.
#[cfg(not(unix))]
mod pipes {
    use std::path::{Path, PathBuf};

    use crate::lazy::Shared;

    pub(super) fn serve(_: &Path, _: Option<Shared>) -> Option<(PathBuf, PathBuf)> {
        None
    }

    pub(super) fn release(_: &Path) {}
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, Write};

    /// A server of a temp dir holding one dependency, `dep.js`, and that file.
    fn serving_a_dependency() -> (
        tempfile::TempDir,
        std::path::PathBuf,
        super::DependencyServer,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("dep.js");
        std::fs::write(&file, "var a = 1; a = 2;\n").unwrap();
        let server = super::DependencyServer::start(None, dir.path()).unwrap();
        (dir, file, server)
    }

    #[test]
    fn a_connection_is_answered_line_by_line_and_drop_stops_the_server() {
        let (_dir, file, server) = serving_a_dependency();
        let mut conn = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        writeln!(conn, "{}", serde_json::json!({ "file": file, "first": 0 })).unwrap();
        let mut line = String::new();
        std::io::BufReader::new(conn.try_clone().unwrap())
            .read_line(&mut line)
            .unwrap();
        let answer: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert!(answer["code"].as_str().unwrap().contains("a = 2"));
        let port = server.port;
        drop(server);
        drop(conn);
        assert!(std::net::TcpListener::bind(("127.0.0.1", port)).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn the_main_thread_asks_through_the_pipes_as_over_a_connection() {
        let (_dir, file, server) = serving_a_dependency();
        let (requests, answers) = server.pipes.clone().expect("named pipes on unix");
        // opened in node's order: requests to write, then, once the first is written, answers
        // to read
        let mut w = std::fs::OpenOptions::new()
            .write(true)
            .open(&requests)
            .unwrap();
        let mut r = None;
        for _ in 0..2 {
            writeln!(w, "{}", serde_json::json!({ "file": file, "first": 0 })).unwrap();
            let r = r.get_or_insert_with(|| {
                std::io::BufReader::new(std::fs::File::open(&answers).unwrap())
            });
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            let answer: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert!(
                answer["code"].as_str().unwrap().contains("a = 2"),
                "{answer}"
            );
        }
        drop(w);
        let mut rest = String::new();
        let read = r.unwrap().read_line(&mut rest).unwrap();
        assert_eq!(read, 0, "the answers end with the requests");
        drop(server);
    }

    #[cfg(unix)]
    #[test]
    fn pipes_nobody_opened_let_their_thread_end() {
        let dir = tempfile::tempdir().unwrap();
        let server = super::DependencyServer::start(None, dir.path()).unwrap();
        let (requests, _) = server.pipes.clone().unwrap();
        // the thread waits in its open of the requests' pipe for a writer
        std::thread::sleep(std::time::Duration::from_millis(50));
        drop(server);
        // released: no reader waits any more, so a writer that does not wait finds none
        std::thread::sleep(std::time::Duration::from_millis(50));
        use std::os::unix::fs::OpenOptionsExt;
        let again = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&requests);
        assert!(again.is_err(), "a reader still waits on the requests' pipe");
    }
}
