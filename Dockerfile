# The GPU smoke image: a pinned CUDA PyTorch runtime, torchreview with its [smoke] extra, a non-root user.
# torch itself comes from the base image: 2.13.0, the same version the tests install (scripts/test pins
# torch==2.13.0); the [smoke] extra only declares it, so pip keeps the base image's CUDA build.
# The digest was copied from a public Dockerfile that pins this tag; confirm it before the first build with
#   docker buildx imagetools inspect pytorch/pytorch:2.13.0-cuda12.6-cudnn9-runtime
FROM pytorch/pytorch:2.13.0-cuda12.6-cudnn9-runtime@sha256:6acf597eeb8e376a96580dde4952f37cc017fef732bb40bfc73f28f25e3f64b4

LABEL org.opencontainers.image.title="torchreview-smoke" \
      org.opencontainers.image.description="Runs a PyTorch training command for a few instrumented steps"

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /opt/torchreview
COPY pyproject.toml README.md ./
COPY src ./src
RUN python -c "import torch, sys; sys.exit(0 if torch.__version__.startswith('2.13.0') else 1)" \
 && python -m pip install --no-cache-dir "./[smoke]" \
 && python -c "import torch, torchreview.smoke.harness"

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin smoke
USER 10001
WORKDIR /src
ENTRYPOINT ["torchreview", "smoke"]
