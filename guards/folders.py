"""A folder only the site's own user can read or write, for the file cache.

Django's file cache unpickles whatever `.djcache` file it finds, and unpickling runs code.
A cache folder in a shared place (/dev/shm, /tmp) that another local user created first,
or that anyone may write into, would let that user run code as the site. So the site
creates its folder itself, mode 0700, and refuses to start when the folder it is given
already exists and is not a real folder, is owned by someone else, or is open to others.
"""

import os
import stat
import tempfile
from pathlib import Path

NAME = "baccarat-school-cache"


class FolderError(Exception):
    """The folder cannot be trusted; the message says why and what to do."""


def default_cache_folder() -> Path:
    """Memory-backed and private where the machine has it: the user's runtime folder
    ($XDG_RUNTIME_DIR, a tmpfs of mode 0700), else /dev/shm, else the temp folder; named
    per user, so two users of one machine never want the same folder."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and Path(runtime).is_dir():
        return Path(runtime) / NAME
    shared = Path("/dev/shm")
    base = shared if shared.is_dir() else Path(tempfile.gettempdir())
    return base / f"{NAME}-{os.geteuid()}"


def private_folder(path: str | os.PathLike) -> Path:
    """`path`, created with mode 0700 if it does not exist; FolderError if it exists and
    is a link or not a folder, belongs to another user, or lets group or others in."""
    path = Path(path)
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as error:
        raise FolderError(f"cannot create the cache folder {path}: {error.strerror}") from None
    info = os.lstat(path)
    fix = (
        f"Remove it (rm -r {path}) if nothing else uses it, or point DJANGO_CACHE_DIR at a "
        "folder of your own"
    )
    if stat.S_ISLNK(info.st_mode):
        raise FolderError(f"the cache folder {path} is a symbolic link. {fix}.")
    if not stat.S_ISDIR(info.st_mode):
        raise FolderError(f"the cache folder {path} exists and is not a folder. {fix}.")
    if info.st_uid != os.geteuid():
        raise FolderError(
            f"the cache folder {path} belongs to user id {info.st_uid}, not to this site's "
            f"user ({os.geteuid()}); its files could run code as the site. {fix}."
        )
    if info.st_mode & 0o077:
        raise FolderError(
            f"the cache folder {path} is open to other users (mode "
            f"{stat.S_IMODE(info.st_mode):04o}); its files could run code as the site. "
            f"Run chmod 700 {path} if you made it yourself, or: {fix}."
        )
    return path


# The database file and the files SQLite keeps beside it, which it creates with the
# database file's own mode.
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")


def private_database_file(path: str | os.PathLike) -> list[str]:
    """The SQLite database at `path`, readable and writable by the site's user only: made
    empty with mode 0600 when it does not exist yet (SQLite takes an empty file as a new
    database, and makes its -wal and -shm files with the database file's mode), tightened
    to 0600 when it and its companions exist and let others read them (the sessions table
    is in it). FolderError when the file is a link, not a file, or belongs to another user.
    Returns what was tightened, for the log. An in-memory database has no file."""
    if str(path) in ("", ":memory:") or str(path).startswith("file:"):
        return []
    path = Path(path)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise FolderError(f"cannot create the database {path}: {error.strerror}") from None
    tightened = []
    for suffix in SQLITE_COMPANIONS:
        companion = Path(f"{path}{suffix}")
        try:
            info = os.lstat(companion)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
            raise FolderError(
                f"the database file {companion} is a link or not a file; point DATABASE_URL "
                "at a file of your own"
            )
        if info.st_uid != os.geteuid():
            raise FolderError(
                f"the database file {companion} belongs to user id {info.st_uid}, not to this "
                f"site's user ({os.geteuid()})"
            )
        if info.st_mode & 0o077:
            os.chmod(companion, 0o600)
            tightened.append(f"{companion} ({stat.S_IMODE(info.st_mode):04o} to 0600)")
    return tightened
