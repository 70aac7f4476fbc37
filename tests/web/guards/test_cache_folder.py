"""The file cache's folder is the site's alone (guards.folders): Django's file cache
unpickles what it reads, so a folder another user made first, or one anyone may write
into, would let them run code as the site. The site creates the folder itself (0700) and
refuses to start with a folder it cannot trust."""

import os
import pickle
import stat

import pytest
from production_process import production_env, run_python

from guards.folders import FolderError, default_cache_folder, private_folder

NOBODY = 65534


def test_a_missing_folder_is_created_private(tmp_path):
    folder = private_folder(tmp_path / "cache")
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700
    assert os.lstat(folder).st_uid == os.geteuid()


def test_a_private_folder_of_our_own_is_used_as_it_is(tmp_path):
    (tmp_path / "cache").mkdir(mode=0o700)
    assert private_folder(tmp_path / "cache") == tmp_path / "cache"


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o707, 0o755, 0o1777])
def test_a_folder_open_to_others_is_refused(tmp_path, mode):
    folder = tmp_path / "cache"
    folder.mkdir()
    folder.chmod(mode)
    with pytest.raises(FolderError, match=r"open to other users .*chmod 700"):
        private_folder(folder)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a folder to another user")
def test_a_folder_owned_by_someone_else_is_refused(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.chown(folder, NOBODY, NOBODY)
    with pytest.raises(FolderError, match=f"belongs to user id {NOBODY}"):
        private_folder(folder)


def test_a_link_or_a_file_is_refused(tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    with pytest.raises(FolderError, match="symbolic link"):
        private_folder(tmp_path / "link")
    (tmp_path / "file").write_text("x")
    with pytest.raises(FolderError, match="not a folder"):
        private_folder(tmp_path / "file")


def test_the_default_folder_is_named_per_user(monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    assert default_cache_folder().name == f"baccarat-school-cache-{os.geteuid()}"


def test_production_refuses_to_start_with_a_planted_folder(tmp_path):
    # The attack: someone else creates the folder first, open to all, with a pickle in it.
    planted = tmp_path / "cache"
    planted.mkdir()
    planted.chmod(0o777)
    (planted / "planted.djcache").write_bytes(pickle.dumps("anything"))
    result = run_python(production_env(tmp_path), "manage.py", "check")
    assert result.returncode != 0
    assert "Refusing to start: the cache folder" in result.stderr
    assert "open to other users (mode 0777)" in result.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a folder to another user")
def test_production_refuses_a_folder_owned_by_someone_else(tmp_path):
    planted = tmp_path / "cache"
    planted.mkdir(mode=0o700)
    os.chown(planted, NOBODY, NOBODY)
    result = run_python(production_env(tmp_path), "manage.py", "check")
    assert result.returncode != 0
    assert f"belongs to user id {NOBODY}" in result.stderr


def test_production_creates_its_folder_private(tmp_path):
    result = run_python(production_env(tmp_path), "manage.py", "check")
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(os.lstat(tmp_path / "cache").st_mode) == 0o700
