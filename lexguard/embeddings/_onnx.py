"""ONNX Runtime encoder: the sentence-transformers model exported once, then run without torch.

The model is exported with ``torch.onnx.export`` at first use (in a child process, so torch never
loads into the application) and cached under
``$LEXGUARD_CACHE_DIR/onnx/<fingerprint>/`` (default ``~/.cache/lexguard/onnx/...``); later
processes load the cached file with ``onnxruntime`` and tokenise with the ``tokenizers`` fast
tokenizer, so neither ``torch`` nor ``transformers`` is imported. Pooling (attention-masked mean)
and L2 normalisation are done in numpy, which reproduces the sentence-transformers embeddings
(cosine >= 0.999999 in fp32). Optional dynamic int8 quantisation trades a small drift for speed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from lexguard._errors import ModelLoadError
from lexguard.embeddings._encoder import (
    LazyModel,
    CachedEncoder,
    SentenceTransformerEncoder,
    encoder_threads,
    resolve_model_path,
)

__all__ = ["INT8_FILE", "OnnxEncoder", "export_onnx", "onnx_cache_dir", "onnx_incompatibility"]

INT8_FILE = "model.int8-u8.onnx"
"""The cached int8 copy's name: its weights stored as uint8 (:mod:`lexguard.embeddings._int8`). A
copy quantized before (``model.int8.onnx``, int8 weights that saturate on a CPU without VNNI) is
not read again."""

_EXPORT_VERSION = "1"  # bump when the export recipe changes, so stale files are not reused
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


def onnx_cache_dir() -> Path:
    """Folder holding exported models: ``$LEXGUARD_CACHE_DIR/onnx`` or ``~/.cache/lexguard/onnx``."""
    root = os.environ.get("LEXGUARD_CACHE_DIR")
    if root:
        return Path(root).expanduser() / "onnx"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "lexguard" / "onnx"


def _read_json(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def onnx_incompatibility(model_path: str) -> str | None:
    """Why ``model_path`` cannot run on the ONNX backend, or ``None`` when it can.

    Supported: a local sentence-transformers folder with a fast ``tokenizer.json``, a transformer
    module, mean pooling and optional normalisation (e.g. all-MiniLM-L6-v2).
    """
    folder = Path(model_path)
    if not folder.is_dir():
        return f"{model_path!r} is not a local model folder"
    if not (folder / "tokenizer.json").is_file():
        return "the model folder has no tokenizer.json (fast tokenizer)"
    if not any((folder / name).is_file() for name in _WEIGHT_FILES):
        return "the model folder has no model.safetensors or pytorch_model.bin"
    modules = _read_json(folder / "modules.json") if (folder / "modules.json").is_file() else []
    pooling: dict[str, Any] = {"pooling_mode_mean_tokens": True}
    for module in modules if isinstance(modules, list) else []:
        kind = str(module.get("type", "")).rsplit(".", 1)[-1]
        if kind == "Pooling":
            pooling = _read_json(folder / module.get("path", "") / "config.json")
        elif kind not in ("Transformer", "Normalize"):
            return f"module {kind!r} is not supported by the ONNX backend"
    modes = {k for k, v in pooling.items() if k.startswith("pooling_mode") and v}
    if modes != {"pooling_mode_mean_tokens"}:
        return f"pooling {sorted(modes)} is not supported (only mean pooling)"
    return None


def _fingerprint(folder: Path) -> str:
    digest = hashlib.sha256(f"lexguard-onnx-{_EXPORT_VERSION}".encode())
    for entry in sorted(folder.iterdir()):
        if entry.is_file():
            stat = entry.stat()
            digest.update(f"|{entry.name}:{stat.st_size}".encode())
            if stat.st_size < 1_000_000:
                digest.update(entry.read_bytes())
            else:
                digest.update(str(stat.st_mtime_ns).encode())
    return digest.hexdigest()[:16]


def _max_seq_length(folder: Path) -> int:
    config = _read_json(folder / "config.json")
    limit = int(config.get("max_position_embeddings", 512))
    st_config = _read_json(folder / "sentence_bert_config.json")
    return min(int(st_config.get("max_seq_length", limit)), limit)


def _export_fp32(folder: Path, target: Path) -> None:
    import inspect

    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    bar_was_on = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        model = AutoModel.from_pretrained(str(folder)).eval()
    finally:
        if bar_was_on:
            hf_logging.enable_progress_bar()
    names = ["input_ids", "attention_mask"]
    if "token_type_ids" in inspect.signature(model.forward).parameters:
        names.append("token_type_ids")

    class _Wrapper(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
            return self.inner(**dict(zip(names, inputs, strict=True))).last_hidden_state

    dummy = tuple(torch.ones((2, 8), dtype=torch.long) for _ in names)
    axes = {name: {0: "batch", 1: "tokens"} for name in [*names, "last_hidden_state"]}
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".onnx.tmp", dir=target.parent)
    os.close(fd)
    try:
        with warnings.catch_warnings(), torch.inference_mode(False), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                _Wrapper(model),
                dummy,
                tmp,
                input_names=names,
                output_names=["last_hidden_state"],
                dynamic_axes=axes,
                opset_version=17,
                dynamo=False,
            )
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)  # atomic: concurrent exporters never see a half-written file
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class _DropPreprocessHint(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "pre-processing before quantization" not in record.getMessage()


def _quantize(source: Path, target: Path) -> None:
    from lexguard.embeddings._int8 import quantize_int8

    hint_filter = _DropPreprocessHint()
    logging.getLogger().addFilter(hint_filter)
    # onnxruntime writes a shape-inferred copy beside its input ("model-inferred.onnx") and
    # deletes it: two processes quantising the same cached file at once (two workers started
    # together on a new machine) deleted each other's copy. Each quantises a private link.
    with tempfile.TemporaryDirectory(prefix="quantize-", dir=target.parent) as private:
        own = Path(private) / "model.onnx"
        try:
            os.link(source, own)
        except OSError:  # another filesystem or no hard links: a copy
            shutil.copyfile(source, own)
        tmp = Path(private) / "model.int8.onnx"
        try:
            quantize_int8(own, tmp)  # weights as uint8: the same integers on every x86 CPU
            os.chmod(tmp, 0o644)
            os.replace(tmp, target)  # atomic: concurrent readers never see a half-written file
        finally:
            logging.getLogger().removeFilter(hint_filter)


_EXPORT_SCRIPT = (
    "import sys; from pathlib import Path; from lexguard.embeddings import _onnx; "
    "_onnx._export_fp32(Path(sys.argv[1]), Path(sys.argv[2]))"
)


def _run_export(folder: Path, target: Path) -> None:
    """Export in a child process, so torch never enters (and bloats) the calling process."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _EXPORT_SCRIPT, str(folder), str(target)],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "HF_HUB_OFFLINE": os.environ.get("HF_HUB_OFFLINE", "1")},
    )
    if done.returncode != 0 or not target.is_file():
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise ModelLoadError(f"export process failed: {' | '.join(tail) or done.returncode}")


def export_onnx(model_path: str, *, quantize: bool = False, cache_dir: Path | None = None) -> Path:
    """Export a sentence-transformers folder to ONNX once and return the cached file.

    Args:
        model_path: Local sentence-transformers model folder.
        quantize: Also apply dynamic int8 quantisation and return that file.
        cache_dir: Where exports live; default :func:`onnx_cache_dir`.

    Raises:
        ModelLoadError: If the model is not supported or the export fails (``torch``,
            ``transformers`` and ``onnx`` are needed once to export).
    """
    folder = Path(model_path)
    reason = onnx_incompatibility(model_path)
    if reason:
        raise ModelLoadError(f"cannot export to ONNX: {reason}; use backend='torch'")
    target_dir = (cache_dir or onnx_cache_dir()) / _fingerprint(folder)
    fp32 = target_dir / "model.onnx"
    try:
        if not fp32.is_file():
            _run_export(folder, fp32)
        if not quantize:
            return fp32
        int8 = target_dir / INT8_FILE
        if not int8.is_file():
            _quantize(fp32, int8)
        return int8
    except Exception as exc:
        raise ModelLoadError(
            f"ONNX export of {model_path!r} to {target_dir} failed: {exc}. Install onnx and onnxruntime "
            "(`pip install onnx onnxruntime`), set LEXGUARD_CACHE_DIR to a writable folder, or use "
            "backend='torch'."
        ) from exc


class _OnnxRuntime:
    """A loaded ONNX session with its tokenizer."""

    def __init__(
        self, model_path: str, *, quantize: bool, batch_size: int, max_batch_tokens: int
    ) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        folder = Path(model_path)
        onnx_file = export_onnx(model_path, quantize=quantize)
        options = ort.SessionOptions()
        options.intra_op_num_threads = encoder_threads()
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3
        # no busy-waiting between operators: on a shared 2-core box spinning threads fight the
        # application (and each other); measured 1.7x faster under load, no loss when idle
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(
            str(onnx_file), options, providers=["CPUExecutionProvider"]
        )
        self.input_names = [i.name for i in self.session.get_inputs()]
        self.dimension = int(self.session.get_outputs()[0].shape[-1])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=_max_seq_length(folder))
        # dynamic int8 quantizes each run's activations with one scale for the whole batch, so a
        # text's vector moved with the texts it was read beside (cosine down to 0.976) and, through
        # the text cache, a verdict with the answers read before it: int8 reads each text alone
        self.batch_size = 1 if quantize else batch_size
        self.max_batch_tokens = max_batch_tokens
        self.onnx_file = onnx_file

    def _batches(self, lengths: np.ndarray) -> list[np.ndarray]:
        """Row groups in length order, each at most ``batch_size`` rows and ``max_batch_tokens``
        padded tokens: similar lengths together, so padding stays small."""
        batches: list[np.ndarray] = []
        current: list[int] = []
        for row in np.argsort(lengths, kind="stable"):
            if current and (
                len(current) >= self.batch_size
                or (len(current) + 1) * int(lengths[row]) > self.max_batch_tokens
            ):
                batches.append(np.array(current))
                current = []
            current.append(int(row))
        if current:
            batches.append(np.array(current))
        return batches

    def embed(self, texts: list[str]) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(texts, add_special_tokens=True)
        ids = [e.ids for e in encodings]
        lengths = np.fromiter((len(i) for i in ids), dtype=np.int64, count=len(ids))
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for rows in self._batches(lengths):
            width = int(lengths[rows].max())
            input_ids = np.zeros((len(rows), width), dtype=np.int64)
            for r, row in enumerate(rows):
                input_ids[r, : lengths[row]] = ids[row]
            mask = (np.arange(width) < lengths[rows][:, None]).astype(np.int64)
            feed = {"input_ids": input_ids, "attention_mask": mask}
            if "token_type_ids" in self.input_names:
                feed["token_type_ids"] = np.zeros_like(input_ids)
            hidden = self.session.run(None, feed)[0]
            weights = mask.astype(np.float32)
            pooled = np.einsum("btd,bt->bd", hidden, weights) / weights.sum(1, keepdims=True)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            out[rows] = pooled
        return out


class OnnxEncoder(CachedEncoder):
    """Encoder on ONNX Runtime (no torch at run time once exported), with a bounded text cache.

    If ``onnxruntime`` is missing or the export fails, it warns once and falls back to the
    torch (sentence-transformers) backend rather than failing the request.

    Args:
        model: A local sentence-transformers folder; ``None`` selects the bundled all-MiniLM-L6-v2.
        quantize: Use dynamic int8 quantisation (faster, small drift; see docs/speed.md).
        batch_size: At most this many texts per forward pass (texts are sorted by length first);
            1 with ``quantize``, whose activation scale is the batch's: each vector its text's own.
        max_batch_tokens: At most this many padded tokens per forward pass; small batches of
            similar length were fastest on 2 cores (8 / 512: ~35% faster than 32 unbounded).
        cache_size: How many text embeddings to keep (LRU); 0 disables the cache.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        quantize: bool = False,
        batch_size: int = 8,
        max_batch_tokens: int = 512,
        cache_size: int = 20_000,
    ) -> None:
        super().__init__(cache_size=cache_size)
        self.name, self.model_path = resolve_model_path(model)
        self.quantize = quantize
        self.batch_size = batch_size
        self.max_batch_tokens = max_batch_tokens
        self.backend = "onnx-int8" if quantize else "onnx"
        self._runtime: LazyModel[_OnnxRuntime | SentenceTransformerEncoder] = LazyModel(self._build)

    def _build(self) -> _OnnxRuntime | SentenceTransformerEncoder:
        try:
            return _OnnxRuntime(
                self.model_path,
                quantize=self.quantize,
                batch_size=self.batch_size,
                max_batch_tokens=self.max_batch_tokens,
            )
        except Exception as exc:  # never fail a request over the fast path
            warnings.warn(
                f"ONNX encoder unavailable ({exc}); falling back to the torch "
                "backend. Set LEXGUARD_ENCODER_BACKEND=torch to skip this attempt.",
                RuntimeWarning,
                stacklevel=6,
            )
            self.backend = "torch"
            return SentenceTransformerEncoder(self.model_path, cache_size=0)

    def _load(self) -> _OnnxRuntime | SentenceTransformerEncoder:
        """The runtime (exporting the model to ONNX on first use)."""
        return self._runtime.get()

    @property
    def dimension(self) -> int:
        """Size of the embedding vectors."""
        return self._load().dimension

    def _embed(self, texts: list[str]) -> np.ndarray:
        runtime = self._load()
        if isinstance(runtime, SentenceTransformerEncoder):
            return runtime._embed(texts)
        return runtime.embed(texts)
