#!/usr/bin/env bash
# The Slurm example on a real one-node Slurm cluster (Debian's slurm-wlm and munge, installed when
# missing): starts munged, slurmctld and slurmd with a configuration of its own in a scratch folder,
# renders the demo reel by submitting examples/slurm/ exactly as its README says (a render array of 2
# tasks sharing one work folder, then the assembly with --dependency=afterok), and compares the reel
# with one `dvpipe run` of the same job, byte for byte. Stops every daemon it started, whatever happens.
#
# Usage: scripts/test-slurm.sh [DVPIPE]   (default .build/debug/dvpipe, which `swift test` builds)
# Needs root, or sudo, to start the daemons.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dvpipe=$(realpath "${1:-$root/.build/debug/dvpipe}")
[[ -x "$dvpipe" ]] || { echo "test-slurm: no dvpipe at $dvpipe (build it first)" >&2; exit 1; }
"$root/scripts/install-deps.sh" slurm-wlm munge
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
started=$(date +%s)

scratch=$(mktemp -d /tmp/dvpipe-slurm.XXXXXX)
daemons="$scratch/daemons"
mkdir -p "$daemons/munge-key" "$daemons/munge" "$daemons/state" "$daemons/spool" "$daemons/log"
chmod 755 "$scratch" "$daemons" "$daemons/munge"
export SLURM_CONF="$daemons/slurm.conf"
socket="$daemons/munge/munge.socket"

stop() {
    status=$?
    $sudo env SLURM_CONF="$SLURM_CONF" scontrol shutdown >/dev/null 2>&1 || true
    for pid_file in "$daemons/slurmctld.pid" "$daemons/slurmd.pid"; do
        for _ in $(seq 50); do
            if [[ ! -s "$pid_file" ]] || ! $sudo kill -0 "$(cat "$pid_file")" 2>/dev/null; then break; fi
            sleep 0.1
        done
        if [[ -s "$pid_file" ]]; then $sudo kill "$(cat "$pid_file")" 2>/dev/null || true; fi
    done
    $sudo munged --stop --socket="$socket" >/dev/null 2>&1 || true
    if [[ $status -ne 0 ]]; then
        for log in "$daemons"/log/*.log "$scratch"/cluster/*.log; do
            [[ -f "$log" ]] && { echo "--- $log"; tail -n 20 "$log"; }
        done
    fi
    $sudo rm -rf "$scratch"
    exit "$status"
}
trap stop EXIT

# munge: a key of the test's own, on a socket of its own, so nothing of the machine's is touched.
dd if=/dev/urandom of="$daemons/munge-key/munge.key" bs=1024 count=1 status=none
chmod 700 "$daemons/munge-key"
chmod 400 "$daemons/munge-key/munge.key"
$sudo chown -R root:root "$daemons/munge-key"
$sudo munged --force --key-file="$daemons/munge-key/munge.key" --socket="$socket" \
    --pid-file="$daemons/munge/munged.pid" --log-file="$daemons/munge/munged.log" --seed-file="$daemons/munge/munged.seed"

# One node, 4 CPUs declared (config_overrides lets slurmd run on fewer), so that both tasks of a
# 2-CPU-per-task array run at once, as they would on two nodes.
host=$(hostname -s)
cat > "$SLURM_CONF" <<EOF
ClusterName=dvpipe-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=600
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$daemons/state
SlurmdSpoolDir=$daemons/spool
SlurmctldPidFile=$daemons/slurmctld.pid
SlurmdPidFile=$daemons/slurmd.pid
SlurmctldLogFile=$daemons/log/slurmctld.log
SlurmdLogFile=$daemons/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=4 RealMemory=4096 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
$sudo env SLURM_CONF="$SLURM_CONF" slurmctld -f "$SLURM_CONF"
$sudo env SLURM_CONF="$SLURM_CONF" slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
    [[ "$(sinfo -h -o %t 2>/dev/null)" == "idle" ]] && break
    sleep 0.2
done
[[ "$(sinfo -h -o %t)" == "idle" ]] || { echo "test-slurm: the node did not become idle: $(sinfo -h)" >&2; exit 1; }

# The reel as one process renders it, then as the Slurm example renders it.
PATH="$(dirname "$dvpipe"):$PATH"
export DVPIPE_CACHE=off PATH
# The demo job writes ../out/demo.mp4: each copy has its own out/.
dvpipe demo "$scratch/reference/demo" >/dev/null
cp -a "$scratch/reference" "$scratch/cluster"
summary=$(dvpipe run "$scratch/reference/demo/demo.yaml" --progress none)
expected=$(sed -n 's/.*segments: \([0-9]*\) rendered.*/\1/p' <<<"$summary")
reel="$scratch/reference/out/demo.mp4"
[[ -f "$reel" && -n "$expected" ]] || { echo "test-slurm: the reference run did not write its reel: $summary" >&2; exit 1; }

cd "$scratch/cluster"
export REEL_JOB="$scratch/cluster/demo/demo.yaml" REEL_WORK="$scratch/cluster/shared-work"
array=$(sbatch --parsable --array=0-1 "$root/examples/slurm/render.sbatch")
assemble=$(sbatch --parsable --dependency=afterok:"$array" "$root/examples/slurm/assemble.sbatch")
echo "test-slurm: render array $array, assemble $assemble"

state() { scontrol show job "$1" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort -u | paste -sd,; }
for _ in $(seq 600); do
    case "$(state "$assemble")" in
        COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;;
    esac
    sleep 0.5
done
[[ "$(state "$array")" == "COMPLETED" ]] || { echo "test-slurm: render array ended $(state "$array")" >&2; exit 1; }
[[ "$(state "$assemble")" == "COMPLETED" ]] || { echo "test-slurm: assembly ended $(state "$assemble")" >&2; exit 1; }

# Both tasks rendered (they claimed segments from one folder), and the reel is the same bytes.
total=0
for task in 0 1; do
    log="reel-render-${array}_${task}.log"
    rendered=$(sed -n 's/.*segments: \([0-9]*\) rendered.*/\1/p' "$log" | tail -n 1)
    echo "test-slurm: task $task rendered ${rendered:-?} segments"
    [[ -n "$rendered" ]] || { echo "test-slurm: task $task printed no summary" >&2; exit 1; }
    total=$((total + rendered))
done
[[ $total -eq $expected ]] || { echo "test-slurm: the tasks rendered $total segments, one run renders $expected" >&2; exit 1; }
cmp "$reel" "$scratch/cluster/out/demo.mp4"
echo "test-slurm: the reel from Slurm is byte-identical to dvpipe run's; $(( $(date +%s) - started )) s in all"
