//! Dependencies instrumented as node loads them: a loopback server in this process answers the
//! runner's requests through [`instrument::serve`], one thread per connection (one per node
//! thread that loads code), for as long as the run lasts.

use std::io::BufReader;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The server of one run; dropping it stops it.
pub struct DependencyServer {
    /// The loopback port node connects to.
    pub port: u16,
    stop: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl DependencyServer {
    /// Starts a server on a free loopback port.
    pub fn start() -> std::io::Result<DependencyServer> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let port = listener.local_addr()?.port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let acceptor = std::thread::Builder::new()
            .name("decisionprof-deps".into())
            .spawn(move || accept(listener, &stopping))?;
        Ok(DependencyServer {
            port,
            stop,
            acceptor: Some(acceptor),
        })
    }
}

/// Serves each connection on a thread of its own until `stop` is set.
fn accept(listener: TcpListener, stop: &AtomicBool) {
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else { continue };
        // one short line each way per file: without this, Nagle's algorithm and delayed
        // acknowledgements hold every answer back for tens of milliseconds
        let _ = stream.set_nodelay(true);
        let _ = std::thread::Builder::new()
            .name("decisionprof-deps-conn".into())
            .spawn(move || {
                if let Ok(read) = stream.try_clone() {
                    let _ = instrument::serve::serve(BufReader::new(read), &stream);
                }
                let _ = stream.shutdown(Shutdown::Both);
            });
    }
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
        let server = super::DependencyServer::start().unwrap();
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
