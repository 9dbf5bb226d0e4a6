#!/usr/bin/env python3
"""A proxy in front of a real library server (rclone serve webdav, WsgiDAV, moto), for dvpipe's tests, fault
campaign and benchmark of libraries on a server: it forwards every request as it came, and can count them, add
a delay to each, and meet the first N requests whose path contains --match with a fault. It prints the port
it listens on.

    library-proxy.py http://127.0.0.1:8080 --log requests.log
    library-proxy.py http://127.0.0.1:8080 --delay-ms 20
    library-proxy.py http://127.0.0.1:8080 --fault truncate --count 2 --match IMG_0003

Faults: an HTTP status (500, 503, 429 with --retry-after), hang (no answer), drop (the connection closed
without an answer), truncate (half the body, then closed), content-range (a Content-Range for other bytes),
ignore-range (the Range header dropped: the whole file comes back with 200), etag (an ETag that is not the
file's: the file changed since it was listed), truncate-upload (half of a request's body forwarded with the
whole body's length, then both connections closed: an upload cut off on its way to the server).
"""
import argparse
import http.client
import http.server
import sys
import threading
import time
import urllib.parse


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("upstream", help="the real server, http://HOST:PORT")
    parser.add_argument("--delay-ms", type=float, default=0, help="added before every request is forwarded")
    parser.add_argument("--fault", default="none")
    parser.add_argument("--count", type=int, default=0, help="requests that meet the fault before it passes")
    parser.add_argument("--match", default="", help="only requests whose path contains this meet the fault")
    parser.add_argument("--methods", default="GET", help="comma-separated methods that meet the fault")
    parser.add_argument("--retry-after", type=int, help="seconds a 429 or 503 asks the client to wait")
    parser.add_argument("--log", help="append each request here: METHOD PATH RANGE STATUS BYTES")
    parser.add_argument("--port", type=int, default=0, help="listen here (default: a free port)")
    arguments = parser.parse_args()
    upstream = urllib.parse.urlsplit(arguments.upstream)
    state = {"left": arguments.count}
    lock = threading.Lock()
    methods = set(arguments.methods.split(","))

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def record(self, status, length):
            if arguments.log:
                with lock, open(arguments.log, "a") as log:
                    log.write(f"{self.command} {self.path} {self.headers.get('Range', '-')} {status} {length}\n")

        def takes_fault(self):
            if arguments.fault == "none" or self.command not in methods or arguments.match not in urllib.parse.unquote(self.path):
                return None
            with lock:
                if state["left"] <= 0:
                    return None
                state["left"] -= 1
            return arguments.fault

        def forward(self):
            if arguments.delay_ms:
                time.sleep(arguments.delay_ms / 1000)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
            fault = self.takes_fault()
            if fault == "hang":
                time.sleep(3600)
                return
            if fault == "drop":
                self.record("drop", 0)
                self.close_connection = True
                self.connection.close()
                return
            if fault is not None and fault.isdigit():
                self.send_response(int(fault))
                if arguments.retry_after is not None:
                    self.send_header("Retry-After", str(arguments.retry_after))
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.record(fault, 0)
                return
            headers = {name: value for name, value in self.headers.items() if name.lower() not in ("host", "connection")}
            if fault == "truncate-upload":
                connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
                connection.putrequest(self.command, self.path, skip_accept_encoding=True)
                for name, value in headers.items():
                    connection.putheader(name, value)
                connection.endheaders()
                connection.send(body[: len(body) // 2])
                connection.close()
                self.record("truncate-upload", len(body) // 2)
                self.close_connection = True
                self.connection.close()
                return
            if fault == "ignore-range":
                headers = {name: value for name, value in headers.items() if name.lower() not in ("range", "if-match")}
            connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
            connection.request(self.command, self.path, body=body or None, headers=headers)
            answer = connection.getresponse()
            payload = answer.read()
            connection.close()
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                lowered = name.lower()
                if lowered in ("content-length", "connection", "transfer-encoding", "date", "server"):
                    continue
                if fault == "content-range" and lowered == "content-range":
                    unit, _, rest = value.partition(" ")
                    span, _, size = rest.partition("/")
                    first, _, last = span.partition("-")
                    value = f"{unit} {int(first) + 1}-{int(last) + 1}/{size}"
                if fault == "etag" and lowered == "etag":
                    value = '"changed-on-the-server"'
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if self.command == "HEAD":
                self.record(answer.status, 0)
                return
            if fault == "truncate":
                self.wfile.write(payload[: len(payload) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)
                self.record(f"{answer.status}-truncated", len(payload) // 2)
                return
            self.wfile.write(payload)
            self.record(answer.status, len(payload))

        do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = do_PROPFIND = do_OPTIONS = do_MOVE = forward

    server = http.server.ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
