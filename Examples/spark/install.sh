#!/usr/bin/env bash
# Installs what the Spark example needs, apart from the main test command's packages: a Java
# runtime (Debian's OpenJDK 17 headless, when no java is on PATH) and PySpark from PyPI in a
# virtual environment beside this script (Examples/spark/.venv).
#   Examples/spark/install.sh
set -euo pipefail
cd "$(dirname "$0")"
pyspark_version=3.5.8

apt_install() {
  echo "Installing $*" >&2
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >&2
}

command -v java >/dev/null 2>&1 || apt_install openjdk-17-jre-headless
java -version 2>&1 | head -1

if [[ ! -x .venv/bin/python ]]; then
  command -v python3 >/dev/null 2>&1 || apt_install python3 python3-venv
  # Debian's python3 makes virtual environments only with python3-venv installed.
  python3 -m venv .venv 2>/dev/null || { rm -rf .venv; apt_install python3-venv; python3 -m venv .venv; }
fi
if ! .venv/bin/python -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$pyspark_version')" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "pyspark==$pyspark_version"
fi
.venv/bin/python -c "import pyspark; print('pyspark', pyspark.__version__)"
