"""Starts llama.cpp's own HTTP server (embedded in the `xllamacpp` package) on 127.0.0.1.

usage: llama_server.py MODEL.gguf PORT [N_CTX] [ALIAS]
PORT 0 takes a free port. Prints "listening http://127.0.0.1:PORT" (the port taken) once the model
is loaded, then serves until stdin closes or it
is killed, so a parent that dies takes the server with it.
"""
import os
import sys

import xllamacpp


def main() -> int:
    model, port = sys.argv[1], int(sys.argv[2])
    n_ctx = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
    params = xllamacpp.CommonParams()
    params.model.path = model
    if len(sys.argv) > 4:
        params.model_alias = {sys.argv[4]}  # a set of names
    params.port = port
    params.n_ctx = n_ctx
    params.n_parallel = 1
    params.use_jinja = True
    params.warmup = False
    threads = max(1, min(2, os.cpu_count() or 1))
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.sampling.seed = 42
    server = xllamacpp.Server(params)
    print(f"listening {server.listening_address}", flush=True)
    # The server runs on its own threads; stay alive until the parent goes away.
    sys.stdin.read()
    return 0


if __name__ == "__main__":
    sys.exit(main())
