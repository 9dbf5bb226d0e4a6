#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs into Fuzz/seeds/<target>/ (committed; run again only to change them).

The JPEG, HEIF and Samsung layouts follow the tests' byte builders (Tests/DVTestSupport/MotionPhotoBytes.swift,
Tests/DVMediaTests/Probe/MotionPhotoTests.swift); the pictures and movies are made by ffmpeg at 16x16 and tagged
by exiftool; the real phone files' headers come from Tests/DVPipeTests/Corpus. Every seed stays under 50 KB.
"""
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "Tests", "DVPipeTests", "Corpus")
SEEDS = os.path.join(HERE, "seeds")


def write(target, name, data):
    folder = os.path.join(SEEDS, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    assert len(data) < 50_000, f"{target}/{name} is {len(data)} bytes"
    with open(os.path.join(folder, name), "wb") as file:
        file.write(data)


def be16(value):
    return struct.pack(">H", value & 0xFFFF)


def be32(value):
    return struct.pack(">I", value & 0xFFFFFFFF)


def le32(value):
    return struct.pack("<I", value & 0xFFFFFFFF)


def box(kind, body):
    return be32(len(body) + 8) + kind.encode() + body


def segment(marker, payload):
    return bytes([0xFF, marker]) + be16(len(payload) + 2) + payload


def xmp_packet(namespaces, attributes, body=""):
    declarations = " ".join(f'xmlns:{key}="{value}"' for key, value in sorted(namespaces.items()))
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 5.1.0-jc003">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <!-- a comment <not a tag> -->
    <rdf:Description rdf:about="" {declarations} {attributes}>{body}</rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


GOOGLE = {
    "Camera": "http://ns.google.com/photos/1.0/camera/",
    "Container": "http://ns.google.com/photos/1.0/container/",
    "Item": "http://ns.google.com/photos/1.0/container/item/",
}


def google_directory_xmp(primary, video_length):
    return xmp_packet(
        GOOGLE,
        'Camera:MotionPhoto="1" Camera:MotionPhotoVersion="1" Camera:MotionPhotoPresentationTimestampUs="700000"',
        f"""<Container:Directory><rdf:Seq>
  <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="{primary}" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
  <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="{video_length}" Item:Padding="0"/></rdf:li>
</rdf:Seq></Container:Directory>""",
    )


def exif_tiff(big_endian=False):
    """IFD0 with Make, Model and the Exif and GPS IFD pointers; the Exif IFD with DateTimeOriginal, OffsetTimeOriginal
    and an Apple MakerNote holding a content identifier (tag 0x11); the GPS IFD with a latitude and longitude."""
    order = ">" if big_endian else "<"

    def u16(value):
        return struct.pack(order + "H", value)

    def u32(value):
        return struct.pack(order + "I", value)

    identifier = b"6D1E1B2F-3C4D-4E5F-8091-A2B3C4D5E6F7\0"
    note_entries = [(0x0011, 2, len(identifier), identifier)]
    # The MakerNote: "Apple iOS\0", version 1, "MM", then an IFD whose offsets count from the note's start.
    note_ifd_at = 14
    note_data_at = note_ifd_at + 2 + 12 * len(note_entries) + 4
    note = b"Apple iOS\0" + b"\0\x01" + b"MM" + struct.pack(">H", 1)
    note += struct.pack(">HHI", 0x0011, 2, len(identifier)) + struct.pack(">I", note_data_at) + struct.pack(">I", 0) + identifier

    def rational(numerator, denominator):
        return u32(numerator) + u32(denominator)

    latitude = rational(48, 1) + rational(51, 1) + rational(2940, 100)
    longitude = rational(2, 1) + rational(17, 1) + rational(4000, 100)

    def ifd(entries, at):
        """entries: (tag, type, count, bytes); values longer than 4 bytes go after the IFD."""
        data_at = at + 2 + 12 * len(entries) + 4
        head, tail = u16(len(entries)), b""
        for tag, kind, count, value in entries:
            if len(value) <= 4:
                head += u16(tag) + u16(kind) + u32(count) + value.ljust(4, b"\0")
            else:
                head += u16(tag) + u16(kind) + u32(count) + u32(data_at + len(tail))
                tail += value
        return head + u32(0) + tail

    def size(entries):
        return 2 + 12 * len(entries) + 4 + sum(len(value) for *_, value in entries if len(value) > 4)

    make, model = b"Google\0", b"Pixel 8\0"
    exif_entries = [
        (0x9003, 2, 20, b"2024:06:01 18:02:07\0"),
        (0x9011, 2, 7, b"+02:00\0"),
        (0x927C, 7, len(note), note),
    ]
    gps_entries = [
        (0x0001, 2, 2, b"N\0"),
        (0x0002, 5, 3, latitude),
        (0x0003, 2, 2, b"E\0"),
        (0x0004, 5, 3, longitude),
    ]
    ifd0_placeholder = [(0x010F, 2, len(make), make), (0x0110, 2, len(model), model), (0x8769, 4, 1, u32(0)), (0x8825, 4, 1, u32(0))]
    exif_at = 8 + size(ifd0_placeholder)
    gps_at = exif_at + size(exif_entries)
    ifd0_entries = [(0x010F, 2, len(make), make), (0x0110, 2, len(model), model), (0x8769, 4, 1, u32(exif_at)), (0x8825, 4, 1, u32(gps_at))]
    header = (b"MM" if big_endian else b"II") + u16(42) + u32(8)
    return header + ifd(ifd0_entries, 8) + ifd(exif_entries, exif_at) + ifd(gps_entries, gps_at) + b"\xff\xd8\xff\xd9"


def jpeg(exif=None, xmp=None, image=None):
    data = b"\xff\xd8"
    if exif is not None:
        data += segment(0xE1, b"Exif\0\0" + exif)
    if xmp is not None:
        data += segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp.encode())
    if image is not None:
        return data + image[2:]
    data += segment(0xC0, bytes([8, 0, 16, 0, 16, 1, 1, 0x11, 0]))
    data += segment(0xDA, bytes([1, 1, 0, 0, 63, 0]))
    return data + b"\x12\xff\x00\x34\xff\xd0\x56\x78\xff\xd9"


def heic(exif, xmp):
    ftyp = box("ftyp", b"heic" + b"\0\0\0\0" + b"mif1heic")
    hdlr = box("hdlr", b"\0" * 8 + b"pict" + b"\0" * 12 + b"\0")
    exif_item = b"\0\0\0\x06" + b"Exif\0\0" + exif
    xmp_item = xmp.encode() if xmp is not None else None
    entries = box("infe", bytes([2, 0, 0, 0]) + be16(1) + b"\0\0" + b"Exif\0")
    if xmp_item is not None:
        entries += box("infe", bytes([2, 0, 0, 0]) + be16(2) + b"\0\0" + b"mime\0" + b"application/rdf+xml\0")
    count = 1 if xmp_item is None else 2
    iinf = box("iinf", b"\0\0\0\0" + be16(count) + entries)

    def meta(mdat_body):
        locations = be16(1) + b"\0\0" + be16(1) + be32(mdat_body) + be32(len(exif_item))
        if xmp_item is not None:
            locations += be16(2) + b"\0\0" + be16(1) + be32(mdat_body + len(exif_item)) + be32(len(xmp_item))
        iloc = box("iloc", bytes([0, 0, 0, 0, 0x44, 0x00]) + be16(count) + locations)
        return box("meta", b"\0\0\0\0" + hdlr + iinf + iloc)

    mdat_body = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(mdat_body) + box("mdat", exif_item + (xmp_item or b""))


def samsung_trailer(movie):
    block = b"\0\0\x30\x0a" + le32(16) + b"MotionPhoto_Data" + movie
    directory = b"SEFH" + le32(106) + le32(1) + b"\0\0\x30\x0a" + le32(len(block)) + le32(len(block))
    return block + directory + le32(len(directory)) + b"SEFT"


def run(*arguments):
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def media(folder):
    """A 16x16 JPEG tagged by exiftool (EXIF and XMP), and tiny MP4 and MOV files: video alone, and video with
    AAC sound (an edit list), with `moov` first and last."""
    picture = os.path.join(folder, "picture.jpg")
    run("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=16x16", "-frames:v", "1", "-q:v", "9", picture)
    run(
        "exiftool", "-q", "-overwrite_original", "-Make=Fuzz", "-Model=Seed 1", "-DateTimeOriginal=2024:06:01 18:02:07",
        "-OffsetTimeOriginal=+02:00", "-GPSLatitude=48.8582", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
        "-XMP-dc:Title=seed", "-XMP-xmp:Rating=3", picture)
    movies = {}
    common = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=16x16:r=5:d=0.4"]
    sound = ["-f", "lavfi", "-i", "sine=d=0.4:sample_rate=8000"]
    for name, arguments in {
        "video.mp4": common + ["-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart"],
        "video-moov-last.mp4": common + ["-c:v", "libx264", "-preset", "ultrafast"],
        "sound.mp4": common + sound + ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "8k", "-ac", "1", "-movflags", "+faststart"],
        "sound.mov": common + sound + ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "8k", "-ac", "1"],
    }.items():
        path = os.path.join(folder, name)
        run(*arguments, path)
        movies[name] = open(path, "rb").read()
    return open(picture, "rb").read(), movies


def pixel_headers():
    """The Pixel 8 JPEG's segments before its scan (less its 54 KB extended XMP), a short scan and EOI."""
    data = open(os.path.join(CORPUS, "pixel_8.jpg"), "rb").read()
    kept, position = b"\xff\xd8", 2
    while True:
        marker, length = data[position + 1], struct.unpack(">H", data[position + 2 : position + 4])[0]
        piece = data[position : position + 2 + length]
        if marker == 0xDA:
            return kept + piece + data[position + 2 + length : position + 2 + length + 64] + b"\xff\xd9"
        if len(piece) < 20_000:
            kept += piece
        position += 2 + length


def top_level_boxes(data):
    position, found = 0, []
    while position + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[position : position + 8])
        found.append((kind.decode("latin-1"), data[position : position + size]))
        position += size
    return found


def main():
    with tempfile.TemporaryDirectory() as folder:
        picture, movies = media(folder)
    movie = movies["video.mp4"]
    exif_le, exif_be = exif_tiff(False), exif_tiff(True)

    write("JPEGFuzzer", "exiftool-tagged.jpg", picture)
    write("JPEGFuzzer", "apple-makernote.jpg", jpeg(exif=exif_be))
    write("JPEGFuzzer", "google-motion-photo.jpg", jpeg(exif=exif_le, xmp=google_directory_xmp("image/jpeg", len(movie))) + movie)
    micro = xmp_packet(
        {"GCamera": "http://ns.google.com/photos/1.0/camera/"},
        f'GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="{len(movie)}" '
        'GCamera:MicroVideoPresentationTimestampUs="966000"',
    )
    write("JPEGFuzzer", "micro-video.jpg", jpeg(exif=exif_le, xmp=micro) + movie)
    write("JPEGFuzzer", "samsung.jpg", jpeg(exif=exif_le) + samsung_trailer(movie))
    write("JPEGFuzzer", "pixel-8-headers.jpg", pixel_headers())

    write("HEIFFuzzer", "exif-xmp.heic", heic(exif_be, xmp_packet({"dc": "http://purl.org/dc/elements/1.1/"}, 'dc:format="image/heic"')))
    write("HEIFFuzzer", "google-mpvd.heic", heic(exif_le, google_directory_xmp("image/heic", len(movie))) + box("mpvd", movie))
    write("HEIFFuzzer", "samsung.heic", heic(exif_le, None) + samsung_trailer(movie))
    iphone = open(os.path.join(CORPUS, "IMG_3582.HEIC"), "rb").read()
    write("HEIFFuzzer", "iphone-ftyp-meta.heic", b"".join(body for kind, body in top_level_boxes(iphone) if kind in ("ftyp", "meta")))
    phone = open(os.path.join(CORPUS, "motionphoto.heic"), "rb").read()
    write("HEIFFuzzer", "phone-meta-mpvd.heic", b"".join(body for kind, body in top_level_boxes(phone) if kind in ("ftyp", "meta")) + box("mpvd", movie))

    for name, data in movies.items():
        write("MovieBoxesFuzzer", name, data)
    write("MovieBoxesFuzzer", "google-mpvd.heic", heic(exif_le, None) + box("mpvd", movie))


if __name__ == "__main__":
    sys.exit(main())
