//! `Intl` for the embedded engine, answered by node: Boa is built without its own `Intl` (which,
//! in 0.22, formats many common cases differently from node and lacks currency formatting), so
//! `js/intl.js` sends each formatting request to one node process per run and returns node's
//! answer. The requests are JSON lines; formatting has no effect a program can see.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, Source};

/// How values cross as JSON: an expression whose call gives `{ enc, dec }`, on both sides.
const CODEC_JS: &str = include_str!("../js/intl_codec.js");
/// The node side: reads one request per line, answers one line each, ends with its input.
const SERVER_JS: &str = include_str!("../js/intl_server.js");

/// The codec object (`{ enc, dec }`) for the engine's side of the bridge.
pub(crate) fn codec(ctx: &mut Context) -> Result<JsValue, String> {
    let source = Source::from_bytes(CODEC_JS.as_bytes())
        .with_path(std::path::Path::new("decisionprof:intl_codec.js"));
    ctx.eval(source)
        .map_err(|e| format!("Intl codec: {e}"))?
        .as_callable()
        .ok_or("Intl codec: not a function")?
        .call(&JsValue::undefined(), &[], ctx)
        .map_err(|e| format!("Intl codec: {e}"))
}

/// The node process answering this thread's requests.
struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

thread_local! {
    /// This engine thread's server: started at the first request; `Err` once it could not be.
    static SERVER: RefCell<Option<Result<Server, String>>> = const { RefCell::new(None) };
    /// The run's `TZ` (the test script's), which the server runs with.
    static TIME_ZONE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Sets the `TZ` this thread's server runs with (a server already started with another one is
/// started again).
pub(crate) fn use_time_zone(tz: Option<String>) {
    let changed = TIME_ZONE.with(|t| {
        let mut t = t.borrow_mut();
        let changed = *t != tz;
        *t = tz;
        changed
    });
    if changed {
        SERVER.with(|s| s.borrow_mut().take());
    }
}

/// Starts `node` with the server script, its environment (time zone, locale) the run's own:
/// the process's, with the test script's `TZ`.
fn start() -> Result<Server, String> {
    let node = jsproject::find_node().ok_or_else(|| {
        "Intl in the embedded engine is answered by node, which is not on PATH; install node \
         (Debian: apt-get install nodejs) or profile under node with --engine node"
            .to_string()
    })?;
    let mut command = Command::new(node);
    if let Some(tz) = TIME_ZONE.with(|t| t.borrow().clone()) {
        command.env("TZ", tz);
    }
    let mut child = command
        .arg("-e")
        .arg(format!("const codec = {CODEC_JS}();\n{SERVER_JS}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("Intl: cannot start node: {e}"))?;
    let input = child.stdin.take().ok_or("Intl: node has no input")?;
    let output = BufReader::new(child.stdout.take().ok_or("Intl: node has no output")?);
    Ok(Server {
        child,
        input,
        output,
    })
}

/// One request line to the server and its answer line.
fn ask(request: &str) -> Result<String, String> {
    SERVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let server = slot
            .get_or_insert_with(start)
            .as_mut()
            .map_err(|e| e.clone())?;
        let mut answer = String::new();
        let sent = writeln!(server.input, "{request}").and_then(|()| server.input.flush());
        let read = sent.and_then(|()| server.output.read_line(&mut answer));
        match read {
            Ok(n) if n > 0 => Ok(answer),
            Ok(_) | Err(_) => {
                *slot = Some(Err("Intl: the node process answering it ended".into()));
                Err("Intl: the node process answering it ended".into())
            }
        }
    })
}

/// `host.intl(request)`: node's answer (JSON text) to a request (JSON text), or a TypeError
/// naming why node could not answer.
pub(crate) fn intl(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let request = crate::natives::arg(args, 0, ctx)?;
    match ask(&request) {
        Ok(answer) => Ok(JsString::from(answer.trim_end()).into()),
        Err(e) => Err(JsNativeError::typ().with_message(e).into()),
    }
}
