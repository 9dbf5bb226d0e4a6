# dvpipe: `make demo` renders the built-in sample library; `make test` runs the whole suite;
# `make bench` compares dvpipe with the ffmpeg CLI and MoviePy 2 and writes bench/results.md;
# `make fuzz` runs libFuzzer over the readers of untrusted bytes (Fuzz/).
# All install the Debian packages they need when they are missing (as root, or through sudo).

# The text stack (HarfBuzz, FriBidi, fontconfig, ICU) and the Noto fonts that draw every script and colour emoji:
# fonts-noto-core 12 MB to download (43 MB installed), fonts-noto-cjk 57 MB (91 MB), fonts-noto-color-emoji 10 MB (11 MB).
DEB_PACKAGES := libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev \
                libyaml-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libicu-dev libssl-dev \
                fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji pkg-config opencv-data libcurl4-openssl-dev
# For tests only: the ffmpeg command line (the loudness test cross-checks its meter with `ebur128`), and
# Debian's Python with jsonschema and PyYAML (the schema test checks jobs against schemas/job.schema.json),
# python3-venv for colour-science (PyPI), the colour test's BT.2100 HLG encoder, and for the linters of
# examples/ (scripts/setup-example-linters.sh); shellcheck for the examples' shell scripts; Slurm and munge
# for the Slurm example's run on a one-node cluster (scripts/test-slurm.sh, about 30 s); OpenCV and
# scikit-image (PyPI) check the face finder, which reads OpenCV's trained cascades from opencv-data
# (scripts/setup-face-reference.sh); nginx (WebDAV) and WsgiDAV (PyPI, scripts/setup-store-servers.sh) serve
# the segment-store tests; iso-codes names countries for the place-name table (scripts/install-places.sh);
# libheif's heif-convert and heif-enc and ImageMagick's convert make the stills' reference pictures; aubio's
# aubiotrack (aubio-tools), with librosa and mir_eval (PyPI, scripts/setup-beat-reference.sh), is the beat
# tracker's reference on TecnoballZ's soundtrack (tecnoballz-data: fifteen tracker modules, 1.5 MB to download);
# chromium and chromium-driver, driven headless by Selenium with axe-core (PyPI, scripts/setup-review-browser.sh),
# are the browser the review page's tests click through, check for accessibility and time.
TEST_PACKAGES := ffmpeg python3 python3-jsonschema python3-yaml python3-venv libimage-exiftool-perl shellcheck \
                 libheif-examples imagemagick aubio-tools tecnoballz-data chromium chromium-driver \
                 slurm-wlm munge nginx-light rclone iso-codes faketime strace time
# The toolchain on PATH, else the one at /opt/swift (where this project's machines keep it).
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SWIFT_BUILD_FLAGS ?=
DVPIPE_RELEASE := .build/release/dvpipe
BENCH_DEB_PACKAGES := ffmpeg time python3 python3-venv nginx-light strace libimage-exiftool-perl

.PHONY: deps demo lint test test-faults test-generative test-engines test-tsan fuzz build bench clean

deps:
	@scripts/install-deps.sh $(DEB_PACKAGES)

# The executable alone: the test support targets (Tests/DVTestBasics, Tests/DVTestSupport) build only with the tests.
build: deps
	$(SWIFT) build -c release --product dvpipe $(SWIFT_BUILD_FLAGS)

# The code's form (swift format) and the architecture's counts (scripts/check-architecture.py): imports against
# the layering of docs/architecture.md, concurrency tools outside DVRuntime, `@unchecked Sendable`, `public`
# outside the product API; the check first shows that it catches one planted violation of each rule.
lint:
	@scripts/install-deps.sh python3
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	scripts/check-architecture.py --self-test
	scripts/check-architecture.py

demo: build
	$(DVPIPE_RELEASE) demo demo
	$(DVPIPE_RELEASE) plan demo/demo.yaml
	$(DVPIPE_RELEASE) run demo/demo.yaml

test: deps
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@scripts/setup-colour-science.sh
	@scripts/setup-face-reference.sh
	@scripts/setup-beat-reference.sh
	@scripts/setup-review-browser.sh
	@scripts/setup-store-servers.sh
	@scripts/install-places.sh .build-places/cities1000.csv
	@scripts/setup-example-linters.sh
	$(MAKE) --no-print-directory lint
	$(SWIFT) test --parallel
	scripts/test-slurm.sh
	scripts/fault-campaign.py --dvpipe .build/debug/dvpipe --count 26 --seed 1

# The fault campaign (scripts/fault-campaign.py): FAULTS injected faults (kills, corrupt segments in the work
# folder, the cache and a remote store, a full disk, a failing store), seeded; figures in bench/faults.md,
# which `make bench` puts into bench/results.md. About 5 s a fault on 2 cores.
FAULTS ?= 126
SEED ?= 1
test-faults: build
	@scripts/install-deps.sh python3
	scripts/fault-campaign.py --dvpipe $(DVPIPE_RELEASE) --count $(FAULTS) --seed $(SEED) --report bench/faults.md

# The generative test's long run (Tests/DVPipeTests/GenerativeJobTests): GENERATIVE_JOBS random jobs over
# generated clips, drawn from SEED, each rendered, decoded, counted and rendered again; a failing job is shrunk
# and printed. `make test` runs 12 of them. About 0.8 s a job on 2 cores; the figures of the long runs are kept in
# bench/generative.md, which `make bench` copies into bench/results.md.
GENERATIVE_JOBS ?= 2000
test-generative: deps
	@scripts/install-deps.sh ffmpeg
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	DVPIPE_GENERATIVE_JOBS=$(GENERATIVE_JOBS) DVPIPE_GENERATIVE_SEED=$(SEED) $(SWIFT) test --skip-build --filter GenerativeJobTests

# ThreadSanitizer over the suites that run work at once (the executor's, several outputs, the segment store,
# shared work, sound tracks), in the test process and in every dvpipe it starts: a build of its own in
# .build-tsan (8 min from nothing on 2 cores), then 18 min of tests (measured on a busy 2-core machine).
# scripts/tsan/suppressions.txt holds the one suppression, for the tool's blind spot on Synchronization's
# Mutex; prove-suppression.sh shows it first.
TSAN_SUITES := DVRuntimeTests|DVRenderTests|MultiOutputTests|SegmentStoreTests|SharedWorkTests|AudioTrackTests|RemoteFileTests|S3ListingTests|LibraryServerTests|LibraryFaultTests|PublishTests
test-tsan: deps
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@scripts/setup-store-servers.sh
	scripts/tsan/prove-suppression.sh
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(SWIFT_BUILD_FLAGS)
	TSAN_OPTIONS="suppressions=$(CURDIR)/scripts/tsan/suppressions.txt" $(SWIFT) test --skip-build --sanitize=thread \
		--scratch-path .build-tsan --parallel --filter '$(TSAN_SUITES)' >.build-tsan/test.log 2>&1; status=$$?; \
		grep -E '✘|Test run with' .build-tsan/test.log; if grep -q 'WARNING: ThreadSanitizer' .build-tsan/test.log; then \
		echo 'test-tsan: ThreadSanitizer reported a race: see .build-tsan/test.log'; exit 1; fi; exit $$status

# The batch engines alone: the Slurm example on a real one-node Slurm cluster (also part of `make test`).
test-engines: deps
	@scripts/install-deps.sh slurm-wlm munge
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)
	scripts/test-slurm.sh

# libFuzzer with AddressSanitizer over the readers of untrusted bytes (Fuzz/, a package of its own; not part of
# `make test`): the job parser, the XML scanner, the WebDAV and S3 listings, the `.cube` parser, the JPEG, HEIF and
# ISO BMFF readers, each for FUZZ_SECONDS from the seeds in Fuzz/seeds, FUZZ_JOBS at once under nice -n 19; prints
# a row per target for bench/fuzz.md and fails on any finding (Fuzz/.build/findings). FUZZ_TARGETS picks some.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 1
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) $(if $(FUZZ_TARGETS),FUZZ_TARGETS="$(FUZZ_TARGETS)") Fuzz/fuzz.sh

# Long (an hour or more on 2 cores): BENCH_RUNS=1 BENCH_SKIP=moviepy,year make bench for a quick look.
bench: build
	@scripts/install-deps.sh $(BENCH_DEB_PACKAGES)
	bench/setup-moviepy.sh
	python3 bench/first-scan.py
	python3 bench/bench.py

clean:
	rm -rf .build out demo bench/work .build-bench .build-colour .build-lint .build-faces .build-stores .build-places .build-beats .build-review
