//! Ports on 127.0.0.1 where nothing listens.
//!
//! A port found free and then let go is free for anyone: a server started by another test
//! running at the same time can take it, and a test that expected "connection refused" gets
//! that server's 404 instead. A socket bound but never listening keeps the port for itself and
//! refuses every connection to it.

use std::net::SocketAddr;

/// A port where every connection is refused, held for as long as the value lives.
pub struct ClosedPort {
    _socket: tokio::net::TcpSocket,
    port: u16,
}

impl ClosedPort {
    pub fn new() -> ClosedPort {
        let socket = tokio::net::TcpSocket::new_v4().expect("a TCP socket");
        let any: SocketAddr = ([127, 0, 0, 1], 0).into();
        socket.bind(any).expect("binding 127.0.0.1:0");
        let port = socket.local_addr().expect("the bound address").port();
        ClosedPort {
            _socket: socket,
            port,
        }
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:PORT`
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Default for ClosedPort {
    fn default() -> Self {
        ClosedPort::new()
    }
}

/// A closed port held until the test's process ends, for tests that only need its number
/// (nextest runs each test in a process of its own).
pub fn closed_port() -> u16 {
    let held = ClosedPort::new();
    let port = held.port();
    std::mem::forget(held);
    port
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_port_refuses_connections_and_cannot_be_taken() {
        let closed = ClosedPort::new();
        let refused = std::net::TcpStream::connect(("127.0.0.1", closed.port())).unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::ConnectionRefused);
        let taken = std::net::TcpListener::bind(("127.0.0.1", closed.port())).unwrap_err();
        assert_eq!(taken.kind(), std::io::ErrorKind::AddrInUse);
    }
}
