"""`loopsat batch`: every puzzle of a folder, solved in worker processes or on a Dask cluster.

The main process walks the folder, reads and hashes every file (bad ones are answered on the
spot) and hands each puzzle to a worker; answers stream back in completion order into the
report (loopsat/batch/report.py), one durable line each. Workers are plain processes the batch can
afford to lose: `concurrent.futures` gives up on the whole pool when one worker dies, so the
pool here is its own, with a watchdog that replaces a dead worker, retries its puzzle once, and
kills a worker that overruns the time limit by more than a grace period.

The parts: lines (a job and its report line), folder (the walk), pool (the process pool and its
watchdog), cluster (Dask), summary (the tally and its tables), run (the whole batch).
"""

from loopsat.batch.cluster import DASK_MISSING, check_dask, dask_client, dask_results, encrypted
from loopsat.batch.folder import discover, read_folder, without_report
from loopsat.batch.lines import ERROR, Answered, BatchError, Fault, Job, answer, bad_line, failure, filed, line_exit
from loopsat.batch.pool import LONGEST_WAIT, OVERRUN_GRACE, pool_results
from loopsat.batch.run import REPORT_NAME, run_batch
from loopsat.batch.summary import STATUSES, Tally, summary

__all__ = [
    "DASK_MISSING",
    "ERROR",
    "LONGEST_WAIT",
    "OVERRUN_GRACE",
    "REPORT_NAME",
    "STATUSES",
    "Answered",
    "BatchError",
    "Fault",
    "Job",
    "Tally",
    "answer",
    "bad_line",
    "check_dask",
    "dask_client",
    "dask_results",
    "discover",
    "encrypted",
    "failure",
    "filed",
    "line_exit",
    "pool_results",
    "read_folder",
    "run_batch",
    "summary",
    "without_report",
]
