//! A minimal W3C WebDriver client for the page's test: chromedriver on a
//! free port, one headless Chromium session, and the few commands the test
//! needs (go to an address, run a script, drag a pointer, take a
//! screenshot), as JSON over plain HTTP/1.1 on 127.0.0.1.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use image::RgbaImage;
use serde_json::{Value, json};

/// A free TCP port on 127.0.0.1 (the system's pick, let go at once).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on 127.0.0.1")
        .port()
}

/// One HTTP request to `127.0.0.1:port` with a JSON body, and the JSON
/// answer's `value`; a status other than 200 is an error with WebDriver's
/// message.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    let (status, body) = read_answer(&mut stream).map_err(|e| format!("{method} {path}: {e}"))?;
    let json: Value = serde_json::from_str(&body)
        .map_err(|e| format!("{method} {path}: {status} {e}: {body:?}"))?;
    let value = json.get("value").cloned().unwrap_or(Value::Null);
    if status == "200" {
        Ok(value)
    } else {
        Err(format!(
            "{method} {path}: {status} {}: {}",
            value["error"].as_str().unwrap_or("?"),
            value["message"].as_str().unwrap_or("?")
        ))
    }
}

/// Reads one HTTP answer: its status code and its body, by its
/// Content-Length (chromedriver keeps the connection open after it).
fn read_answer(stream: &mut TcpStream) -> Result<(String, String), String> {
    let mut answer = Vec::new();
    let mut buf = [0u8; 64 * 1024];
    let head_end = loop {
        if let Some(i) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err(format!(
                "no HTTP answer: {:?}",
                String::from_utf8_lossy(&answer)
            ));
        }
        answer.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&answer[..head_end]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| format!("no Content-Length in {head:?}"))?;
    while answer.len() < head_end + length {
        let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("the answer ended early".into());
        }
        answer.extend_from_slice(&buf[..n]);
    }
    let body = String::from_utf8_lossy(&answer[head_end..head_end + length]).into_owned();
    Ok((status, body))
}

/// chromedriver, stopped when dropped.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// Starts `chromedriver` on a free port and waits (up to 30 s) until it
    /// says it is ready.
    pub fn start() -> Driver {
        let port = free_port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let mut driver = Driver { child, port };
        let start = Instant::now();
        loop {
            if let Ok(status) = request(port, "GET", "/status", None)
                && status["ready"] == json!(true)
            {
                return driver;
            }
            if let Ok(Some(status)) = driver.child.try_wait() {
                panic!("chromedriver exited ({status}) before it was ready");
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver was not ready within 30 s"
            );
            sleep(Duration::from_millis(100));
        }
    }

    /// A new headless Chromium, started with `args`.
    pub fn session(&self, binary: &str, args: &[&str]) -> Session {
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": { "binary": binary, "args": args },
                }
            }
        });
        let value = request(self.port, "POST", "/session", Some(&capabilities))
            .unwrap_or_else(|e| panic!("no Chromium session: {e}"));
        let id = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session id in {value}"))
            .to_string();
        Session {
            port: self.port,
            id,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session, closed (and its browser quit) when dropped.
pub struct Session {
    port: u16,
    id: String,
}

/// What kind of pointer an action drives: the mouse, or a finger.
#[derive(Clone, Copy, Debug)]
pub enum Pointer {
    /// The mouse, with its left button.
    Mouse,
    /// One finger on the touch screen.
    Touch,
}

impl Session {
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.id);
        request(self.port, method, &path, body).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Loads `url` and waits for its load event.
    pub fn go(&self, url: &str) {
        self.command("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body: `return` gives its value) in the
    /// page, and its value.
    pub fn script(&self, script: &str) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": [] })),
        )
    }

    /// The viewport, as a PNG decoded.
    pub fn screenshot(&self) -> RgbaImage {
        let value = self.command("GET", "/screenshot", None);
        let png = base64(value.as_str().expect("a screenshot is a base64 string"));
        image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .expect("the screenshot is a PNG")
            .to_rgba8()
    }

    /// A drag from `from` to `to` (CSS pixels in the viewport) with the
    /// mouse's left button or a finger: down, `steps` moves 50 ms apart,
    /// up.
    pub fn drag(&self, pointer: Pointer, from: (f32, f32), to: (f32, f32), steps: u32) {
        let at = |t: f32| {
            json!({
                "type": "pointerMove", "duration": 50, "origin": "viewport",
                "x": (from.0 + (to.0 - from.0) * t).round() as i64,
                "y": (from.1 + (to.1 - from.1) * t).round() as i64,
            })
        };
        let mut actions = vec![
            at(0.0),
            json!({ "type": "pause", "duration": 100 }),
            json!({ "type": "pointerDown", "button": 0 }),
        ];
        actions.extend((1..=steps).map(|i| at(i as f32 / steps as f32)));
        actions.push(json!({ "type": "pointerUp", "button": 0 }));
        let kind = match pointer {
            Pointer::Mouse => "mouse",
            Pointer::Touch => "touch",
        };
        let body = json!({ "actions": [{
            "type": "pointer", "id": kind,
            "parameters": { "pointerType": kind },
            "actions": actions,
        }]});
        self.command("POST", "/actions", Some(&body));
        self.command("DELETE", "/actions", None);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = request(self.port, "DELETE", &format!("/session/{}", self.id), None);
    }
}

/// Decodes standard base64 (padding and line breaks ignored).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sixes: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sixes.len() * 3 / 4);
    for chunk in sixes.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &v)| acc | (v as u32) << (18 - 6 * i));
        out.extend_from_slice(&bits.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes_what_it_should() {
    assert_eq!(base64("aGVsbG8="), b"hello");
    assert_eq!(base64("aGVsbG8h"), b"hello!");
    assert_eq!(base64("aGk="), b"hi");
}
