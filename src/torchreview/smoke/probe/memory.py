"""The process's memory as the probe reads it: resident set size now (one pread per step), and its peak."""

from __future__ import annotations

import os

_STATM: list[int] = []  # [pid, fd] of /proc/self/statm, kept open: one pread per step


def _rss_bytes() -> int:
    try:
        if not _STATM or _STATM[0] != os.getpid():
            _STATM[:] = [os.getpid(), os.open("/proc/self/statm", os.O_RDONLY), os.sysconf("SC_PAGE_SIZE")]
        return int(os.pread(_STATM[1], 128, 0).split()[1]) * _STATM[2]
    except (OSError, ValueError, IndexError):
        return 0


def _peak_rss() -> int:
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024
