//! Scripts instrumented as node loads them: a loopback server in this process answers the
//! runner's requests, one line each way, one thread per connection (one per node thread that
//! loads code), for as long as the run lasts. The project's scripts are prepared by
//! [`crate::lazy`], dependencies instrumented for write logging by [`instrument::serve`].

use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::lazy::Shared;

/// The server of one run; dropping it stops it.
pub struct DependencyServer {
    /// The loopback port node connects to.
    pub port: u16,
    stop: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl DependencyServer {
    /// Starts a server on a free loopback port, preparing the project's scripts from `lazy`.
    pub fn start(lazy: Option<Shared>) -> std::io::Result<DependencyServer> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let port = listener.local_addr()?.port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let acceptor = std::thread::Builder::new()
            .name("decisionprof-deps".into())
            .spawn(move || accept(listener, &stopping, lazy))?;
        Ok(DependencyServer {
            port,
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
        self.stop.store(true, Ordering::SeqCst);
        // wake the acceptor so that it sees the flag
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(a) = self.acceptor.take() {
            let _ = a.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, Write};

    #[test]
    fn a_connection_is_answered_line_by_line_and_drop_stops_the_server() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("dep.js");
        std::fs::write(&file, "var a = 1; a = 2;\n").unwrap();
        let server = super::DependencyServer::start(None).unwrap();
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
}
