"""Patch modules for the Latchkey local backend: Cognito features and checks moto 5.2.1 lacks.

Each module has `install(ctx)`, called once by `latchkey_backend.install_patches()` with the context of
`context.py` (moto's classes and errors, the backend's state and the shared helpers), in the order of
`latchkey_backend.PATCHES`. Modules wrap moto's response handlers, so later ones see earlier ones'
results: that order is the order of wrapping (innermost first).
"""
