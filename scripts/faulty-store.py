#!/usr/bin/env python3
"""A segment store that misbehaves on purpose, for dvpipe's tests of --cache URL: a small HTTP server of
GET, HEAD and PUT over a folder that answers the first N requests with a fault (an HTTP status, a 429 with
Retry-After, or no answer at all) and serves properly after that. It prints the port it listens on.

    faulty-store.py FOLDER --fault 500 --count 1000
    faulty-store.py FOLDER --fault 429 --retry-after 1 --count 2
    faulty-store.py FOLDER --fault hang --count 1000
    faulty-store.py FOLDER --require-header 'Authorization: Bearer s3cret'
"""
import argparse
import http.server
import os
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--fault", default="none", help="an HTTP status (500, 429, …), hang, or none")
    parser.add_argument("--count", type=int, default=0, help="requests that meet the fault before it passes")
    parser.add_argument("--retry-after", type=int, help="seconds a 429 or 503 asks the client to wait")
    parser.add_argument("--require-header", help="'Name: value' every request must carry, else 401")
    parser.add_argument("--location", help="a Location header to send with the faults (a redirect: --fault 307)")
    parser.add_argument("--log", help="append each request here: METHOD PATH and whether it carried Authorization")
    arguments = parser.parse_args()
    root = os.path.abspath(arguments.folder)
    state = {"left": arguments.count, "requests": 0}
    lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def faulted(self):
            if arguments.log:
                with lock, open(arguments.log, "a") as log:
                    log.write(f"{self.command} {self.path} {'with' if 'Authorization' in self.headers else 'without'} Authorization\n")
            if arguments.require_header:
                name, _, value = arguments.require_header.partition(":")
                if self.headers.get(name.strip()) != value.strip():
                    self.answer(401)
                    return True
            with lock:
                state["requests"] += 1
                if state["left"] <= 0 or arguments.fault == "none":
                    return False
                state["left"] -= 1
            if arguments.fault == "hang":
                time.sleep(3600)
                return True
            self.send_response(int(arguments.fault))
            if arguments.retry_after is not None:
                self.send_header("Retry-After", str(arguments.retry_after))
            if arguments.location:
                self.send_header("Location", arguments.location + self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return True

        def target(self):
            path = os.path.normpath(os.path.join(root, self.path.split("?")[0].lstrip("/")))
            return path if path.startswith(root + os.sep) else None

        def answer(self, status, body=b"", send_body=True):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if send_body:
                self.wfile.write(body)

        def do_GET(self, send_body=True):
            if self.faulted():
                return
            path = self.target()
            if path is None or not os.path.isfile(path):
                self.answer(404, send_body=send_body)
                return
            with open(path, "rb") as file:
                self.answer(200, file.read(), send_body)

        def do_HEAD(self):
            self.do_GET(send_body=False)

        def do_PUT(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            if self.faulted():
                return
            path = self.target()
            if path is None:
                self.answer(403)
                return
            os.makedirs(os.path.dirname(path), exist_ok=True)
            part = f"{path}.{threading.get_ident()}.part"
            with open(part, "wb") as file:
                file.write(body)
            os.replace(part, path)
            self.answer(201)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
