"""The kernels that execute the notebook pages (mkdocs-jupyter, through nbconvert) talk to the
build over CurveZMQ-encrypted sockets.

jupyter_client leaves transport encryption off by default, and every ipykernel started so warns
"Kernel is running over TCP without encryption" once per page: three lines in `make site` that
read as a problem. With `KernelManager.transport_encryption = "auto"` the manager gives each
kernel whose kernelspec declares Curve support (ipykernel's does) a key pair, and the kernel
has nothing to warn about. mkdocs-jupyter reads the user's nbconvert configuration from the
Jupyter config path, so this folder is put first on it (JUPYTER_CONFIG_PATH) for the build.
"""

import os
from pathlib import Path

CONFIG_FOLDER = Path(__file__).resolve().parent / "jupyter"


def encrypt_kernel_traffic(environ=os.environ):
    """Put build_site/jupyter/ first on the Jupyter config path (once)."""
    paths = [p for p in environ.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep) if p]
    if str(CONFIG_FOLDER) not in paths:
        environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(CONFIG_FOLDER), *paths])
