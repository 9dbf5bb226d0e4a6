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

Hostile faults, a server that lies (the upstream's answer is not forwarded, or forwarded changed):
gzip-bomb (Content-Encoding: gzip though asked for identity, a body of --bomb-mb MB of XML-looking text
packed into about 1 MB), trickle (the answer's headers, then its body one byte a second), endless (a
listing, or a body, that never ends, as fast as the client takes it), entries (a listing of --entries
files: one PROPFIND multistatus, or ListObjectsV2 pages of 1000 with continuation tokens), long-range
(a 206 with the right Content-Range and more bytes than it names). --size-of NAME=VALUE writes VALUE as the
size of every listed file whose name contains NAME (PROPFIND getcontentlength, S3 <Size>), on every
listing, whatever --fault says. The proxy exits by itself after --lifetime seconds.
"""
import argparse
import gzip
import io
import os
import re
import http.client
import http.server
import sys
import threading
import time
import urllib.parse


def gzip_bomb(megabytes):
    """A gzip body that inflates to `megabytes` MB: a multistatus whose one text goes on and on."""
    out = io.BytesIO()
    packer = gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9)
    packer.write(b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>')
    block = b"a" * (1 << 20)
    for _ in range(megabytes):
        packer.write(block)
    packer.close()
    return out.getvalue()


def propfind_entry(path, index):
    """One file of a listing without end, under the collection `path`."""
    return b"<d:response><d:href>%sf%07d.mp4</d:href><d:propstat><d:prop><d:resourcetype/><d:getcontentlength>1</d:getcontentlength></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" % (
        path.encode(),
        index,
    )


def s3_page(first, last, more):
    """A ListObjectsV2 page of keys `first` to `last`, truncated with the next token when `more`."""
    contents = b"".join(b"<Contents><Key>f%07d.mp4</Key><Size>1</Size><ETag>\"e\"</ETag></Contents>" % index for index in range(first, last))
    token = b"<NextContinuationToken>%d</NextContinuationToken>" % last if more else b""
    truncated = b"true" if more else b"false"
    return b'<?xml version="1.0"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IsTruncated>%s</IsTruncated>%s%s</ListBucketResult>' % (
        truncated,
        token,
        contents,
    )


def listed_sizes(payload, sizes):
    """`payload`, a PROPFIND or ListObjectsV2 answer, with the size of each file whose name holds a NAME of
    `sizes` written as its VALUE."""
    text = payload.decode("utf-8")

    def entry(match):
        block = match.group(0)
        for name, value in sizes:
            if name in urllib.parse.unquote(block):
                block = re.sub(r"(<(?:\w+:)?(?:getcontentlength|Size)>)[^<]*(</)", lambda m: m.group(1) + value + m.group(2), block)
        return block

    text = re.sub(r"<(\w+:)?response>.*?</(\w+:)?response>|<Contents>.*?</Contents>", entry, text, flags=re.S)
    return text.encode("utf-8")


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
    parser.add_argument("--bomb-mb", type=int, default=1024, help="megabytes a gzip-bomb inflates to")
    parser.add_argument("--entries", type=int, default=1_000_000, help="files an entries listing names")
    parser.add_argument("--size-of", action="append", default=[], help="NAME=VALUE: the size listed for files whose name holds NAME")
    parser.add_argument("--lifetime", type=float, default=600, help="seconds after which the proxy exits by itself")
    arguments = parser.parse_args()
    sizes = [tuple(given.split("=", 1)) for given in arguments.size_of]
    threading.Timer(arguments.lifetime, lambda: os._exit(0)).start()
    ends = time.monotonic() + arguments.lifetime
    bomb = gzip_bomb(arguments.bomb_mb) if arguments.fault == "gzip-bomb" else b""
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

        def chunk(self, data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

        def hostile(self, fault):
            """Answers with one of the hostile faults; False when `fault` is none of them."""
            listing = self.command == "PROPFIND" or "list-type=2" in self.path
            status = 207 if self.command == "PROPFIND" else 200
            if fault == "gzip-bomb":
                self.send_response(status)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(bomb)))
                self.end_headers()
                self.wfile.write(bomb)
                self.record("gzip-bomb", len(bomb))
                return True
            if fault in ("endless", "entries"):
                self.send_response(status)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                sent = 0
                try:
                    if not listing:
                        while time.monotonic() < ends:
                            self.chunk(b"\0" * 65536)
                            sent += 65536
                    elif self.command == "PROPFIND":
                        self.chunk(b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">')
                        index = 0
                        while time.monotonic() < ends and (fault == "endless" or index < arguments.entries):
                            piece = b"".join(propfind_entry(self.path, index + step) for step in range(1000))
                            self.chunk(piece)
                            sent += len(piece)
                            index += 1000
                        self.chunk(b"</d:multistatus>")
                    else:
                        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
                        first = int(query.get("continuation-token", ["0"])[0])
                        last = first + 1000 if fault == "endless" else min(arguments.entries, first + 1000)
                        self.chunk(s3_page(first, last, more=fault == "endless" or last < arguments.entries))
                    self.chunk(b"")
                except OSError:
                    pass
                self.record(fault, sent)
                return True
            return False

        def forward(self):
            if arguments.delay_ms:
                time.sleep(arguments.delay_ms / 1000)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
            fault = self.takes_fault()
            if self.hostile(fault):
                return
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
            if sizes and (self.command == "PROPFIND" or "list-type=2" in self.path):
                payload = listed_sizes(payload, sizes)
            if fault == "long-range" and answer.status == 206:
                payload += b"\0" * 4096
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
            if fault == "trickle":
                try:
                    for index in range(len(payload)):
                        if time.monotonic() >= ends:
                            break
                        self.wfile.write(payload[index : index + 1])
                        self.wfile.flush()
                        time.sleep(1)
                except OSError:
                    pass
                self.record("trickle", len(payload))
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
