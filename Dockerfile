# The GPU smoke image: a pinned CUDA PyTorch runtime, torchreview installed from the hash-pinned lock
# (the same scripts/install-locked that the GitHub Action runs and tests/test_workflows.py checks), and
# a non-root user. torch itself comes from the base image: 2.13.0, the version the tests install
# (scripts/test pins torch==2.13.0); the lock holds no torch, so pip keeps the base image's CUDA build.
#
# The base image is pinned by digest as well as by tag, so a re-pushed tag cannot change what you build.
# The digest below has not been checked against the registry from this repository's CI (it has no access
# to Docker Hub); before the first build, confirm it names the tag's image:
#   docker buildx imagetools inspect pytorch/pytorch:2.13.0-cuda12.6-cudnn9-runtime
# and put the digest it prints here. A digest that does not exist stops the build; it cannot pull
# another image. Then pin the image you build by its own digest in the smoke workflow (SMOKE_IMAGE).
FROM pytorch/pytorch:2.13.0-cuda12.6-cudnn9-runtime@sha256:6acf597eeb8e376a96580dde4952f37cc017fef732bb40bfc73f28f25e3f64b4

LABEL org.opencontainers.image.title="torchreview-smoke" \
      org.opencontainers.image.description="Runs a PyTorch training command for a few instrumented steps"

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /opt/torchreview
COPY requirements ./requirements
COPY scripts/install-locked ./scripts/install-locked
COPY pyproject.toml README.md ./
COPY src ./src
COPY content ./content
COPY templates ./templates
RUN python -c "import torch, sys; sys.exit(0 if torch.__version__.startswith('2.13.0') else 1)" \
 && bash scripts/install-locked python /opt/torchreview \
 && python -I -c "import torch, torchreview.smoke.harness"

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin smoke
USER 10001
WORKDIR /src
ENTRYPOINT ["torchreview", "smoke"]
