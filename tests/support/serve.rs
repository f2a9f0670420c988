//! A tiny static file server on 127.0.0.1 for the page's test: serves a
//! folder with the MIME types a browser insists on (`application/wasm`
//! above all, or WebAssembly's streaming compile refuses the file).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// The MIME type for a file's extension.
fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("css") => "text/css; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Serves `root` on a free port of 127.0.0.1 from a thread that lives as
/// long as the test, one thread per connection; returns the port.
pub fn serve(root: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let port = listener.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || answer(&root, stream));
        }
    });
    port
}

/// Answers one GET (the path's query ignored; `/` is index.html) with the
/// file, or 404; anything leaving `root` is 404 too.
fn answer(root: &Path, mut stream: TcpStream) {
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    // The headers are not needed; read them so the browser sees them taken.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let target = line.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    let safe = relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    let file = if path.ends_with('/') {
        root.join(relative).join("index.html")
    } else {
        root.join(relative)
    };
    let (status, kind, body) = match std::fs::read(&file) {
        Ok(body) if safe => ("200 OK", mime(&file), body),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(&body);
}
